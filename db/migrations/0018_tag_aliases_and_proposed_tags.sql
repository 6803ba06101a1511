CREATE TABLE `tag_aliases` (
	`kind` text NOT NULL,
	`value` text NOT NULL,
	`target` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`kind`, `value`)
);
--> statement-breakpoint
CREATE INDEX `tag_aliases_target_idx` ON `tag_aliases` (`kind`,`target`);--> statement-breakpoint
ALTER TABLE `submissions` ADD `proposed_tags` text DEFAULT '[]' NOT NULL;