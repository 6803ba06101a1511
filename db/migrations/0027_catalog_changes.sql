CREATE TABLE `catalog_changes` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`content_seq` integer,
	`before` text,
	`after` text
);
