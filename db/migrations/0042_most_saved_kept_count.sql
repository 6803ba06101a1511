CREATE TABLE `recent_save_counts` (
	`content_id` text PRIMARY KEY NOT NULL,
	`saves` integer NOT NULL,
	`latest` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `recent_save_counts_rank_idx` ON `recent_save_counts` (`saves`,`latest`);--> statement-breakpoint
CREATE TABLE `recent_saves_window` (
	`id` integer PRIMARY KEY NOT NULL,
	`since` integer NOT NULL
);
--> statement-breakpoint
-- The window starts 30 days ago (MOST_SAVED_DAYS in db/contributions/most-saved.ts), and counts what was saved since.
INSERT INTO recent_saves_window(id, since) VALUES (1, CAST(unixepoch('subsec') * 1000 AS INTEGER) - 30 * 86400000);
--> statement-breakpoint
INSERT INTO recent_save_counts(content_id, saves, latest)
  SELECT content_id, count(*), max(created_at) FROM saves WHERE created_at > (SELECT since FROM recent_saves_window) GROUP BY content_id;
--> statement-breakpoint
-- A save inside the window counts in (an imported bookmark may carry an older date); the unsave of one counts out.
CREATE TRIGGER recent_save_counts_on_save AFTER INSERT ON saves WHEN NEW.created_at > (SELECT since FROM recent_saves_window) BEGIN
  INSERT INTO recent_save_counts(content_id, saves, latest) VALUES (NEW.content_id, 1, NEW.created_at)
    ON CONFLICT(content_id) DO UPDATE SET saves = saves + 1, latest = max(latest, excluded.latest);
END;
--> statement-breakpoint
CREATE TRIGGER recent_save_counts_on_unsave AFTER DELETE ON saves WHEN OLD.created_at > (SELECT since FROM recent_saves_window) BEGIN
  UPDATE recent_save_counts SET saves = saves - 1 WHERE content_id = OLD.content_id;
  DELETE FROM recent_save_counts WHERE content_id = OLD.content_id AND saves <= 0;
END;
