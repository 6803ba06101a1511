CREATE TABLE `co_saves` (
	`content_a` text NOT NULL,
	`content_b` text NOT NULL,
	`users` integer NOT NULL,
	PRIMARY KEY(`content_a`, `content_b`)
);
--> statement-breakpoint
CREATE INDEX `co_saves_a_users_idx` ON `co_saves` (`content_a`,`users`);--> statement-breakpoint
CREATE INDEX `co_saves_b_users_idx` ON `co_saves` (`content_b`,`users`);--> statement-breakpoint
CREATE INDEX `saves_created_idx` ON `saves` (`created_at`,`content_id`);--> statement-breakpoint
-- The pairs of the saves already made (decision 037), built once: each user's saves joined to themselves.
INSERT INTO co_saves(content_a, content_b, users)
  SELECT a.content_id, b.content_id, count(*) FROM saves a JOIN saves b ON b.user_id = a.user_id AND b.content_id > a.content_id
  GROUP BY a.content_id, b.content_id;
--> statement-breakpoint
-- A save counts its user once into the pair it makes with each of their other saves; an unsave counts them out.
CREATE TRIGGER co_saves_on_save AFTER INSERT ON saves BEGIN
  INSERT INTO co_saves(content_a, content_b, users)
    SELECT min(NEW.content_id, s.content_id), max(NEW.content_id, s.content_id), 1 FROM saves s
    WHERE s.user_id = NEW.user_id AND s.content_id <> NEW.content_id
    ON CONFLICT(content_a, content_b) DO UPDATE SET users = users + 1;
END;
--> statement-breakpoint
CREATE TRIGGER co_saves_on_unsave AFTER DELETE ON saves BEGIN
  UPDATE co_saves SET users = users - 1
    WHERE (content_a, content_b) IN (SELECT min(OLD.content_id, s.content_id), max(OLD.content_id, s.content_id) FROM saves s WHERE s.user_id = OLD.user_id AND s.content_id <> OLD.content_id);
  DELETE FROM co_saves
    WHERE users <= 0 AND (content_a, content_b) IN (SELECT min(OLD.content_id, s.content_id), max(OLD.content_id, s.content_id) FROM saves s WHERE s.user_id = OLD.user_id AND s.content_id <> OLD.content_id);
END;
--> statement-breakpoint
-- A pair crossing the privacy threshold (3 users, CO_SAVE_MIN_USERS in db/contributions/related.ts) enters or
-- leaves both contents' pages: a 'related' change names each, which drops only its page (decision 037).
CREATE TRIGGER catalog_change_co_saves_threshold AFTER UPDATE OF users ON co_saves WHEN (OLD.users >= 3) <> (NEW.users >= 3) BEGIN
  INSERT INTO catalog_changes(kind, content_seq) SELECT 'related', seq FROM contents WHERE id IN (NEW.content_a, NEW.content_b);
END;
--> statement-breakpoint
-- A save made or undone within the last 30 days moves the home page's "Most saved this month" (refreshed within
-- the bounded stale window, like a review): a 'saved' change names the content.
CREATE TRIGGER catalog_change_saved AFTER INSERT ON saves BEGIN
  INSERT INTO catalog_changes(kind, content_seq) VALUES ('saved', (SELECT seq FROM contents WHERE id = NEW.content_id));
END;
--> statement-breakpoint
CREATE TRIGGER catalog_change_unsaved AFTER DELETE ON saves WHEN OLD.created_at > unixepoch('subsec') * 1000 - 30 * 86400000 BEGIN
  INSERT INTO catalog_changes(kind, content_seq) VALUES ('saved', (SELECT seq FROM contents WHERE id = OLD.content_id));
END;
