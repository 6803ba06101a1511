-- Full-text index over contents (name, description, tag labels), kept in step by triggers so every write
-- that touches a content updates the index in the same transaction.
CREATE VIRTUAL TABLE contents_fts USING fts5(
  name, description, tag_labels,
  content='contents', content_rowid='seq',
  tokenize='unicode61 remove_diacritics 2',
  prefix='2 3'
);
--> statement-breakpoint
CREATE TRIGGER contents_fts_after_insert AFTER INSERT ON contents BEGIN
  INSERT INTO contents_fts(rowid, name, description, tag_labels) VALUES (new.seq, new.name, new.description, new.tag_labels);
END;
--> statement-breakpoint
CREATE TRIGGER contents_fts_after_delete AFTER DELETE ON contents BEGIN
  INSERT INTO contents_fts(contents_fts, rowid, name, description, tag_labels) VALUES ('delete', old.seq, old.name, old.description, old.tag_labels);
END;
--> statement-breakpoint
CREATE TRIGGER contents_fts_after_update AFTER UPDATE OF name, description, tag_labels ON contents BEGIN
  INSERT INTO contents_fts(contents_fts, rowid, name, description, tag_labels) VALUES ('delete', old.seq, old.name, old.description, old.tag_labels);
  INSERT INTO contents_fts(rowid, name, description, tag_labels) VALUES (new.seq, new.name, new.description, new.tag_labels);
END;
--> statement-breakpoint
-- The index's vocabulary (term, number of documents), for the typo-tolerant fallback.
CREATE VIRTUAL TABLE contents_fts_vocab USING fts5vocab(contents_fts, 'row');
--> statement-breakpoint
-- A content's rating and numReviews are the average and count of its reviews, recomputed in the same
-- transaction as every review insert or delete, whoever writes it.
CREATE TRIGGER reviews_after_insert AFTER INSERT ON reviews BEGIN
  UPDATE contents SET
    num_reviews = (SELECT count(*) FROM reviews WHERE content_id = new.content_id),
    rating = coalesce((SELECT avg(rating) FROM reviews WHERE content_id = new.content_id), 0)
  WHERE id = new.content_id;
END;
--> statement-breakpoint
CREATE TRIGGER reviews_after_delete AFTER DELETE ON reviews BEGIN
  UPDATE contents SET
    num_reviews = (SELECT count(*) FROM reviews WHERE content_id = old.content_id),
    rating = coalesce((SELECT avg(rating) FROM reviews WHERE content_id = old.content_id), 0)
  WHERE id = old.content_id;
END;
--> statement-breakpoint
-- catalog_version changes with every change to what catalog pages show, so every app process can tell
-- whether its cached pages are still current with one indexed read.
INSERT INTO meta(key, value) VALUES ('catalog_version', 1);
--> statement-breakpoint
CREATE TRIGGER catalog_version_content_insert AFTER INSERT ON contents BEGIN
  UPDATE meta SET value = value + 1 WHERE key = 'catalog_version';
END;
--> statement-breakpoint
CREATE TRIGGER catalog_version_content_update AFTER UPDATE ON contents BEGIN
  UPDATE meta SET value = value + 1 WHERE key = 'catalog_version';
END;
--> statement-breakpoint
CREATE TRIGGER catalog_version_content_delete AFTER DELETE ON contents BEGIN
  UPDATE meta SET value = value + 1 WHERE key = 'catalog_version';
END;
--> statement-breakpoint
CREATE TRIGGER catalog_version_tags_change AFTER INSERT ON content_tags BEGIN
  UPDATE meta SET value = value + 1 WHERE key = 'catalog_version';
END;
--> statement-breakpoint
CREATE TRIGGER catalog_version_tags_delete AFTER DELETE ON content_tags BEGIN
  UPDATE meta SET value = value + 1 WHERE key = 'catalog_version';
END;
