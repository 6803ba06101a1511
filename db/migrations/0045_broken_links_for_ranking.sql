CREATE TABLE `broken_links` (
	`content_seq` integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- A check that finds the link a content has now broken files the content; one that finds it working again
-- takes it out, and so does a new URL (findings about an old one no longer count, as on the content page). The 'shown' change the same checks log (migration 0028) tells the search to read it again.
CREATE TRIGGER broken_links_on_check_insert AFTER INSERT ON link_checks BEGIN
  DELETE FROM broken_links WHERE content_seq = (SELECT seq FROM contents WHERE id = NEW.content_id);
  INSERT INTO broken_links(content_seq) SELECT seq FROM contents WHERE id = NEW.content_id AND url = NEW.url AND NEW.broken_since IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER broken_links_on_check_update AFTER UPDATE ON link_checks BEGIN
  DELETE FROM broken_links WHERE content_seq = (SELECT seq FROM contents WHERE id = NEW.content_id);
  INSERT INTO broken_links(content_seq) SELECT seq FROM contents WHERE id = NEW.content_id AND url = NEW.url AND NEW.broken_since IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER broken_links_on_check_delete AFTER DELETE ON link_checks BEGIN
  DELETE FROM broken_links WHERE content_seq = (SELECT seq FROM contents WHERE id = OLD.content_id);
END;
--> statement-breakpoint
CREATE TRIGGER broken_links_on_content_delete AFTER DELETE ON contents BEGIN
  DELETE FROM broken_links WHERE content_seq = OLD.seq;
END;
--> statement-breakpoint
CREATE TRIGGER broken_links_on_new_url AFTER UPDATE OF url ON contents WHEN OLD.url IS NOT NEW.url BEGIN
  DELETE FROM broken_links WHERE content_seq = NEW.seq;
END;
--> statement-breakpoint
INSERT INTO broken_links(content_seq) SELECT c.seq FROM link_checks l JOIN contents c ON c.id = l.content_id AND c.url = l.url WHERE l.broken_since IS NOT NULL;
