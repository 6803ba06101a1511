ALTER TABLE `picture_fetches` ADD `source` text;--> statement-breakpoint
CREATE INDEX `picture_fetches_given_due_idx` ON `picture_fetches` (`fetched_at`) WHERE source IS NOT NULL AND outcome IN ('pending', 'none');--> statement-breakpoint
-- A content's image is never another site's address (db/catalog/pictures.ts): each one stored so far becomes the
-- picture to fetch and keep here (pending: never tried), and the content shows its letter tile until then.
INSERT INTO picture_fetches (content_id, outcome, fetched_at, source)
  SELECT id, 'pending', 0, image FROM contents WHERE image LIKE 'http://%' OR image LIKE 'https://%'
  ON CONFLICT(content_id) DO UPDATE SET outcome = 'pending', fetched_at = 0, source = excluded.source;
--> statement-breakpoint
UPDATE contents SET image = '' WHERE image LIKE 'http://%' OR image LIKE 'https://%';
--> statement-breakpoint
-- A pending submission's suggested picture is stored here when the link is submitted; one kept by its address
-- is no longer suggested (the admin's screen would load it from the submitter's site).
UPDATE submissions SET page_image = NULL WHERE page_image LIKE 'http://%' OR page_image LIKE 'https://%';
--> statement-breakpoint
CREATE TRIGGER contents_image_is_ours_on_insert BEFORE INSERT ON contents
WHEN NEW.image LIKE 'http://%' OR NEW.image LIKE 'https://%' BEGIN
  SELECT RAISE(ABORT, 'content_image_is_ours');
END;
--> statement-breakpoint
CREATE TRIGGER contents_image_is_ours_on_update BEFORE UPDATE OF image ON contents
WHEN NEW.image LIKE 'http://%' OR NEW.image LIKE 'https://%' BEGIN
  SELECT RAISE(ABORT, 'content_image_is_ours');
END;
