-- The full-text index also keeps four-letter prefixes. A word searched is matched as a prefix while it may
-- still be being typed ('java' finds 'javascript'), and a prefix the index does not keep is read by merging
-- every term it starts (java, javascript, …) twice: once for the matches and once for bm25's document
-- counts. At 100k contents 'java' and a subject took 24 ms of SQL, 12.7 ms with the four-letter prefixes;
-- the index grows from 38.5 to 49.4 MB and a rebuild from 1.5 to 2.0 s (decision 023). The index is made
-- again with the same columns, weights and triggers (they refer to it by name) and rebuilt from contents.
DROP TABLE contents_fts_vocab;
--> statement-breakpoint
DROP TABLE contents_fts;
--> statement-breakpoint
CREATE VIRTUAL TABLE contents_fts USING fts5(
  name, description, tag_labels,
  content='contents', content_rowid='seq',
  tokenize='unicode61 remove_diacritics 2 tokenchars ''+#''',
  prefix='2 3 4'
);
--> statement-breakpoint
INSERT INTO contents_fts(contents_fts) VALUES ('rebuild');
--> statement-breakpoint
INSERT INTO contents_fts(contents_fts, rank) VALUES ('rank', 'bm25(10.0, 1.0, 4.0)');
--> statement-breakpoint
CREATE VIRTUAL TABLE contents_fts_vocab USING fts5vocab(contents_fts, 'row');
