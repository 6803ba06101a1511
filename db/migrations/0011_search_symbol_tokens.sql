-- Search words that carry '+' or '#' (C++, C#, F#) are tokens of their own: with unicode61's default
-- separators 'c++' was the word 'c', which as a prefix matched nearly every content. The index is made
-- again with the same columns, weights and triggers (they refer to it by name) and rebuilt from contents.
DROP TABLE contents_fts_vocab;
--> statement-breakpoint
DROP TABLE contents_fts;
--> statement-breakpoint
CREATE VIRTUAL TABLE contents_fts USING fts5(
  name, description, tag_labels,
  content='contents', content_rowid='seq',
  tokenize='unicode61 remove_diacritics 2 tokenchars ''+#''',
  prefix='2 3'
);
--> statement-breakpoint
INSERT INTO contents_fts(contents_fts) VALUES ('rebuild');
--> statement-breakpoint
INSERT INTO contents_fts(contents_fts, rank) VALUES ('rank', 'bm25(10.0, 1.0, 4.0)');
--> statement-breakpoint
CREATE VIRTUAL TABLE contents_fts_vocab USING fts5vocab(contents_fts, 'row');
