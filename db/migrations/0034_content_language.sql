-- Language (English, Spanish, …: db/catalog/facets.ts), a facet that is a field of its own (decision 028), stored
-- as its code: a nullable column on contents, drafts and submissions; the facet table reads it from the covering
-- index, and the change feed carries it.
DROP INDEX `contents_facet_table_idx`;--> statement-breakpoint
ALTER TABLE `contents` ADD `language` text;--> statement-breakpoint
CREATE INDEX `contents_facet_table_idx` ON `contents` (`created_at`,`num_reviews`,`tag_key`,`level`,`language`,`cost`,`rating`,`has_cert`);--> statement-breakpoint
ALTER TABLE `content_drafts` ADD `language` text;--> statement-breakpoint
ALTER TABLE `submissions` ADD `language` text;--> statement-breakpoint
DROP TRIGGER catalog_change_content_insert;--> statement-breakpoint
DROP TRIGGER catalog_change_content_update;--> statement-breakpoint
DROP TRIGGER catalog_change_content_delete;--> statement-breakpoint
CREATE TRIGGER catalog_change_content_insert AFTER INSERT ON contents BEGIN
  INSERT INTO catalog_changes(kind, content_seq, after) VALUES ('insert', NEW.seq, json_object('created_at', NEW.created_at, 'num_reviews', NEW.num_reviews, 'tag_key', NEW.tag_key, 'level', NEW.level, 'language', NEW.language, 'cost', NEW.cost, 'rating', NEW.rating, 'has_cert', NEW.has_cert));
END;--> statement-breakpoint
CREATE TRIGGER catalog_change_content_update AFTER UPDATE ON contents WHEN NOT EXISTS (SELECT 1 FROM catalog_retag) BEGIN
  INSERT INTO catalog_changes(kind, content_seq, before, after)
  VALUES ('update', NEW.seq, json_object('created_at', OLD.created_at, 'num_reviews', OLD.num_reviews, 'tag_key', OLD.tag_key, 'level', OLD.level, 'language', OLD.language, 'cost', OLD.cost, 'rating', OLD.rating, 'has_cert', OLD.has_cert),
    json_object('created_at', NEW.created_at, 'num_reviews', NEW.num_reviews, 'tag_key', NEW.tag_key, 'level', NEW.level, 'language', NEW.language, 'cost', NEW.cost, 'rating', NEW.rating, 'has_cert', NEW.has_cert, 'text_changed', OLD.name IS NOT NEW.name OR OLD.description IS NOT NEW.description OR OLD.tag_labels IS NOT NEW.tag_labels));
END;--> statement-breakpoint
CREATE TRIGGER catalog_change_content_delete AFTER DELETE ON contents BEGIN
  INSERT INTO catalog_changes(kind, content_seq, before) VALUES ('delete', OLD.seq, json_object('created_at', OLD.created_at, 'num_reviews', OLD.num_reviews, 'tag_key', OLD.tag_key, 'level', OLD.level, 'language', OLD.language, 'cost', OLD.cost, 'rating', OLD.rating, 'has_cert', OLD.has_cert));
END;--> statement-breakpoint
-- Changes logged before this one carry no language: every process starts over from here.
INSERT INTO catalog_changes(kind) VALUES ('reset');
