DROP TRIGGER catalog_change_content_insert;--> statement-breakpoint
DROP TRIGGER catalog_change_content_update;--> statement-breakpoint
DROP TRIGGER catalog_change_content_delete;--> statement-breakpoint
CREATE TRIGGER catalog_change_content_insert AFTER INSERT ON contents BEGIN
  INSERT INTO catalog_changes(kind, content_seq, after) VALUES ('insert', NEW.seq, json_object('created_at', NEW.created_at, 'num_reviews', NEW.num_reviews, 'tag_key', NEW.tag_key, 'level', NEW.level, 'language', NEW.language, 'cost', NEW.cost, 'duration', NEW.duration, 'rating', NEW.rating, 'has_cert', NEW.has_cert));
END;--> statement-breakpoint
CREATE TRIGGER catalog_change_content_update AFTER UPDATE ON contents WHEN NOT EXISTS (SELECT 1 FROM catalog_retag) BEGIN
  INSERT INTO catalog_changes(kind, content_seq, before, after)
  VALUES ('update', NEW.seq, json_object('created_at', OLD.created_at, 'num_reviews', OLD.num_reviews, 'tag_key', OLD.tag_key, 'level', OLD.level, 'language', OLD.language, 'cost', OLD.cost, 'duration', OLD.duration, 'rating', OLD.rating, 'has_cert', OLD.has_cert),
    json_object('created_at', NEW.created_at, 'num_reviews', NEW.num_reviews, 'tag_key', NEW.tag_key, 'level', NEW.level, 'language', NEW.language, 'cost', NEW.cost, 'duration', NEW.duration, 'rating', NEW.rating, 'has_cert', NEW.has_cert, 'text_changed', OLD.name IS NOT NEW.name OR OLD.description IS NOT NEW.description OR OLD.tag_labels IS NOT NEW.tag_labels));
END;--> statement-breakpoint
CREATE TRIGGER catalog_change_content_delete AFTER DELETE ON contents BEGIN
  INSERT INTO catalog_changes(kind, content_seq, before) VALUES ('delete', OLD.seq, json_object('created_at', OLD.created_at, 'num_reviews', OLD.num_reviews, 'tag_key', OLD.tag_key, 'level', OLD.level, 'language', OLD.language, 'cost', OLD.cost, 'duration', OLD.duration, 'rating', OLD.rating, 'has_cert', OLD.has_cert));
END;--> statement-breakpoint
-- Changes logged before these triggers carry fewer columns: every process starts over from here.
INSERT INTO catalog_changes(kind) VALUES ('reset');
