-- The facet table's columns are named by db/catalog/facets.ts (FACET_TABLE_COLUMNS; decision 028): the covering
-- index holds them in that order, and the change feed carries a content's facet columns as an object by name
-- rather than an array by position, so a facet's column is read by its name wherever it travels. A new facet's
-- migration adds its column here, to the index, and to the three content triggers.
DROP INDEX `contents_facet_table_idx`;--> statement-breakpoint
CREATE INDEX `contents_facet_table_idx` ON `contents` (`created_at`,`num_reviews`,`tag_key`,`cost`,`rating`,`has_cert`);--> statement-breakpoint
DROP TRIGGER catalog_change_content_insert;--> statement-breakpoint
DROP TRIGGER catalog_change_content_update;--> statement-breakpoint
DROP TRIGGER catalog_change_content_delete;--> statement-breakpoint
CREATE TRIGGER catalog_change_content_insert AFTER INSERT ON contents BEGIN
  INSERT INTO catalog_changes(kind, content_seq, after)
  VALUES ('insert', NEW.seq, json_object('created_at', NEW.created_at, 'num_reviews', NEW.num_reviews, 'tag_key', NEW.tag_key,
    'cost', NEW.cost, 'rating', NEW.rating, 'has_cert', NEW.has_cert));
END;--> statement-breakpoint
CREATE TRIGGER catalog_change_content_update AFTER UPDATE ON contents WHEN NOT EXISTS (SELECT 1 FROM catalog_retag) BEGIN
  INSERT INTO catalog_changes(kind, content_seq, before, after)
  VALUES ('update', NEW.seq,
    json_object('created_at', OLD.created_at, 'num_reviews', OLD.num_reviews, 'tag_key', OLD.tag_key,
      'cost', OLD.cost, 'rating', OLD.rating, 'has_cert', OLD.has_cert),
    -- text_changed: whether the text the full-text index holds changed (a word search may now find it).
    json_object('created_at', NEW.created_at, 'num_reviews', NEW.num_reviews, 'tag_key', NEW.tag_key,
      'cost', NEW.cost, 'rating', NEW.rating, 'has_cert', NEW.has_cert,
      'text_changed', OLD.name IS NOT NEW.name OR OLD.description IS NOT NEW.description OR OLD.tag_labels IS NOT NEW.tag_labels));
END;--> statement-breakpoint
CREATE TRIGGER catalog_change_content_delete AFTER DELETE ON contents BEGIN
  INSERT INTO catalog_changes(kind, content_seq, before)
  VALUES ('delete', OLD.seq, json_object('created_at', OLD.created_at, 'num_reviews', OLD.num_reviews, 'tag_key', OLD.tag_key,
    'cost', OLD.cost, 'rating', OLD.rating, 'has_cert', OLD.has_cert));
END;--> statement-breakpoint
-- The changes logged before this one carry arrays: every process starts over from here.
INSERT INTO catalog_changes(kind) VALUES ('reset');
