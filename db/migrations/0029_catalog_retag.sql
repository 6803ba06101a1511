CREATE TABLE `catalog_retag` (
	`kind` text NOT NULL,
	`from_value` text NOT NULL,
	`into_value` text NOT NULL
);
--> statement-breakpoint
-- A rename or merge of a common tag rewrites tens of thousands of contents (decision 011). Logged one by one,
-- that many changes would send every process back to a full read of the catalog; instead the batch holds
-- its move in catalog_retag, the content trigger stays quiet meanwhile, and one 'retag' row stands for all.
DROP TRIGGER catalog_change_content_update;
--> statement-breakpoint
CREATE TRIGGER catalog_change_content_update AFTER UPDATE ON contents WHEN NOT EXISTS (SELECT 1 FROM catalog_retag) BEGIN
  INSERT INTO catalog_changes(kind, content_seq, before, after)
  VALUES ('update', NEW.seq,
    json_array(OLD.cost, OLD.has_cert, OLD.rating, OLD.num_reviews, OLD.created_at, OLD.tag_key),
    -- The last element says whether the text the full-text index holds changed (a word search may now find it).
    json_array(NEW.cost, NEW.has_cert, NEW.rating, NEW.num_reviews, NEW.created_at, NEW.tag_key,
      OLD.name IS NOT NEW.name OR OLD.description IS NOT NEW.description OR OLD.tag_labels IS NOT NEW.tag_labels));
END;
--> statement-breakpoint
CREATE TRIGGER catalog_change_retag AFTER INSERT ON catalog_retag BEGIN
  INSERT INTO catalog_changes(kind, after) VALUES ('retag', json_array(NEW.kind, NEW.from_value, NEW.into_value));
END;
