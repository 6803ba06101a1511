-- A rename or merge of a common tag moves its contents in slices, each its own short transaction (decision 059),
-- so that no other write waits seconds for it. A slice's retag row is quiet: only the move's last transaction
-- logs the one 'retag' change, once every content carries the new tag.
ALTER TABLE `catalog_retag` ADD `quiet` integer DEFAULT false NOT NULL;
--> statement-breakpoint
DROP TRIGGER catalog_change_retag;
--> statement-breakpoint
CREATE TRIGGER catalog_change_retag AFTER INSERT ON catalog_retag WHEN NOT NEW.quiet BEGIN
  INSERT INTO catalog_changes(kind, after) VALUES ('retag', json_array(NEW.kind, NEW.from_value, NEW.into_value));
END;
