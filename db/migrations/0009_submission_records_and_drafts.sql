CREATE TABLE `content_drafts` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`url` text DEFAULT '' NOT NULL,
	`image` text DEFAULT '' NOT NULL,
	`cost` text DEFAULT 'Free' NOT NULL,
	`has_cert` integer DEFAULT false NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`category` text DEFAULT '[]' NOT NULL,
	`tech_stack` text DEFAULT '[]' NOT NULL,
	`type` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `content_drafts_created_idx` ON `content_drafts` (`created_at`);--> statement-breakpoint
ALTER TABLE `submissions` ADD `status` text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE `submissions` ADD `decided_by` text;--> statement-breakpoint
ALTER TABLE `submissions` ADD `decided_at` integer;--> statement-breakpoint
ALTER TABLE `submissions` ADD `content_id` text REFERENCES contents(id);