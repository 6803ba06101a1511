-- Relevance order (FTS5's rank column) is bm25 with a word in the name weighing most, then tag labels, then
-- the description. Stored in the index's configuration, so every query that orders by rank uses it.
INSERT INTO contents_fts(contents_fts, rank) VALUES ('rank', 'bm25(10.0, 1.0, 4.0)');
