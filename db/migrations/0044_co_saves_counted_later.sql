CREATE TABLE `co_save_members` (
	`user_id` text NOT NULL,
	`content_id` text NOT NULL,
	PRIMARY KEY(`user_id`, `content_id`)
);
--> statement-breakpoint
CREATE INDEX `co_save_members_content_idx` ON `co_save_members` (`content_id`);--> statement-breakpoint
CREATE TABLE `co_save_queue` (
	`user_id` text PRIMARY KEY NOT NULL,
	`changed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `co_save_queue_changed_idx` ON `co_save_queue` (`changed_at`);--> statement-breakpoint
CREATE INDEX `saves_user_created_idx` ON `saves` (`user_id`,`created_at`);--> statement-breakpoint
-- Pairs are no longer counted in a save's own statement (an import of n saves made n(n-1)/2 upserts): a save or
-- unsave queues its user, and the background job recounts the pairs of their most recent saves (decision 039).
DROP TRIGGER co_saves_on_save;
--> statement-breakpoint
DROP TRIGGER co_saves_on_unsave;
--> statement-breakpoint
CREATE TRIGGER co_save_queue_on_save AFTER INSERT ON saves BEGIN
  INSERT INTO co_save_queue(user_id, changed_at) VALUES (NEW.user_id, CAST(unixepoch('subsec') * 1000 AS INTEGER))
    ON CONFLICT(user_id) DO NOTHING;
END;
--> statement-breakpoint
CREATE TRIGGER co_save_queue_on_unsave AFTER DELETE ON saves BEGIN
  INSERT INTO co_save_queue(user_id, changed_at) VALUES (OLD.user_id, CAST(unixepoch('subsec') * 1000 AS INTEGER))
    ON CONFLICT(user_id) DO NOTHING;
END;
--> statement-breakpoint
-- A content that goes takes its pairs and its place among each user's counted saves with it.
CREATE TRIGGER co_saves_on_content_delete AFTER DELETE ON contents BEGIN
  DELETE FROM co_saves WHERE content_a = OLD.id OR content_b = OLD.id;
  DELETE FROM co_save_members WHERE content_id = OLD.id;
END;
--> statement-breakpoint
-- The pairs counted so far were every user's, live: they are counted again by the rules above, every user queued.
DELETE FROM co_saves;
--> statement-breakpoint
INSERT INTO co_save_queue(user_id, changed_at) SELECT DISTINCT user_id, 0 FROM saves WHERE 1 ON CONFLICT(user_id) DO NOTHING;
--> statement-breakpoint
-- A pair is shown once 5 established users saved both (CO_SAVE_MIN_USERS in db/contributions/co-saves.ts).
DROP TRIGGER catalog_change_co_saves_threshold;
--> statement-breakpoint
CREATE TRIGGER catalog_change_co_saves_threshold AFTER UPDATE OF users ON co_saves WHEN (OLD.users >= 5) <> (NEW.users >= 5) BEGIN
  INSERT INTO catalog_changes(kind, content_seq) SELECT 'related', seq FROM contents WHERE id IN (NEW.content_a, NEW.content_b);
END;
