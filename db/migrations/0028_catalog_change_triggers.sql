-- The catalog's change feed replaces the one catalog version (decision 023): each change a catalog page or
-- answer may show appends a row saying what changed, with a content's facet columns before and after, so
-- each process refreshes only what the change touched. contents.tag_key changes with content_tags (the
-- services keep both in one batch), so a change of tags is a contents update here.
DROP TRIGGER IF EXISTS catalog_version_content_insert;
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalog_version_content_update;
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalog_version_content_delete;
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalog_version_tags_change;
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalog_version_tags_delete;
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalog_version_tag_insert;
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalog_version_tag_update;
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalog_version_tag_delete;
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalog_version_link_broken_insert;
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalog_version_link_broken_update;
--> statement-breakpoint
DELETE FROM meta WHERE key = 'catalog_version';
--> statement-breakpoint
INSERT INTO catalog_changes(kind) VALUES ('reset');
--> statement-breakpoint
CREATE TRIGGER catalog_change_content_insert AFTER INSERT ON contents BEGIN
  INSERT INTO catalog_changes(kind, content_seq, after)
  VALUES ('insert', NEW.seq, json_array(NEW.cost, NEW.has_cert, NEW.rating, NEW.num_reviews, NEW.created_at, NEW.tag_key));
END;
--> statement-breakpoint
CREATE TRIGGER catalog_change_content_update AFTER UPDATE ON contents BEGIN
  INSERT INTO catalog_changes(kind, content_seq, before, after)
  VALUES ('update', NEW.seq,
    json_array(OLD.cost, OLD.has_cert, OLD.rating, OLD.num_reviews, OLD.created_at, OLD.tag_key),
    -- The last element says whether the text the full-text index holds changed (a word search may now find it).
    json_array(NEW.cost, NEW.has_cert, NEW.rating, NEW.num_reviews, NEW.created_at, NEW.tag_key,
      OLD.name IS NOT NEW.name OR OLD.description IS NOT NEW.description OR OLD.tag_labels IS NOT NEW.tag_labels));
END;
--> statement-breakpoint
CREATE TRIGGER catalog_change_content_delete AFTER DELETE ON contents BEGIN
  INSERT INTO catalog_changes(kind, content_seq, before)
  VALUES ('delete', OLD.seq, json_array(OLD.cost, OLD.has_cert, OLD.rating, OLD.num_reviews, OLD.created_at, OLD.tag_key));
END;
--> statement-breakpoint
CREATE TRIGGER catalog_change_tag_insert AFTER INSERT ON tags BEGIN
  INSERT INTO catalog_changes(kind) VALUES ('tags');
END;
--> statement-breakpoint
CREATE TRIGGER catalog_change_tag_update AFTER UPDATE ON tags BEGIN
  INSERT INTO catalog_changes(kind) VALUES ('tags');
END;
--> statement-breakpoint
CREATE TRIGGER catalog_change_tag_delete AFTER DELETE ON tags BEGIN
  INSERT INTO catalog_changes(kind) VALUES ('tags');
END;
--> statement-breakpoint
-- A content page says when its link may be broken: a check that touches a broken link (it becomes broken,
-- stays broken with a new date, or recovers) changes that page only. Checks of working links, the many, do not.
CREATE TRIGGER catalog_change_link_broken_insert AFTER INSERT ON link_checks WHEN NEW.broken_since IS NOT NULL BEGIN
  INSERT INTO catalog_changes(kind, content_seq) SELECT 'shown', seq FROM contents WHERE id = NEW.content_id;
END;
--> statement-breakpoint
CREATE TRIGGER catalog_change_link_broken_update AFTER UPDATE ON link_checks WHEN OLD.broken_since IS NOT NULL OR NEW.broken_since IS NOT NULL BEGIN
  INSERT INTO catalog_changes(kind, content_seq) SELECT 'shown', seq FROM contents WHERE id = NEW.content_id;
END;
