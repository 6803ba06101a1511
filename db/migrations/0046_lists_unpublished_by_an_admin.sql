ALTER TABLE `lists` ADD `unpublished_reason` text;--> statement-breakpoint
ALTER TABLE `lists` ADD `unpublished_at` integer;--> statement-breakpoint
-- A list an admin unpublished stays private until an admin lifts it (db/contributions/lists.ts), whatever writes it.
CREATE TRIGGER lists_unpublished_stay_private_on_update BEFORE UPDATE OF is_public, unpublished_reason ON lists
WHEN NEW.is_public AND NEW.unpublished_reason IS NOT NULL BEGIN
  SELECT RAISE(ABORT, 'list_unpublished_by_admin');
END;
--> statement-breakpoint
CREATE TRIGGER lists_unpublished_stay_private_on_insert BEFORE INSERT ON lists
WHEN NEW.is_public AND NEW.unpublished_reason IS NOT NULL BEGIN
  SELECT RAISE(ABORT, 'list_unpublished_by_admin');
END;
