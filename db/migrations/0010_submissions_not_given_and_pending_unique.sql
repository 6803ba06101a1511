PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_submissions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`url` text NOT NULL,
	`url_key` text NOT NULL,
	`image` text DEFAULT '' NOT NULL,
	`category` text DEFAULT '[]' NOT NULL,
	`tech_stack` text DEFAULT '[]' NOT NULL,
	`type` text DEFAULT '[]' NOT NULL,
	`cost` text,
	`has_cert` integer,
	`description` text DEFAULT '' NOT NULL,
	`rating` real DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`decided_by` text,
	`decided_at` integer,
	`content_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`content_id`) REFERENCES `contents`(`id`) ON UPDATE cascade ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_submissions`("id", "user_id", "name", "slug", "url", "url_key", "image", "category", "tech_stack", "type", "cost", "has_cert", "description", "rating", "status", "decided_by", "decided_at", "content_id", "created_at") SELECT "id", "user_id", "name", "slug", "url", "url_key", "image", "category", "tech_stack", "type", "cost", "has_cert", "description", "rating", "status", "decided_by", "decided_at", "content_id", "created_at" FROM `submissions`;--> statement-breakpoint
DROP TABLE `submissions`;--> statement-breakpoint
ALTER TABLE `__new_submissions` RENAME TO `submissions`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `submissions_pending_url_key_unique` ON `submissions` (`url_key`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `submissions_url_key_idx` ON `submissions` (`url_key`);--> statement-breakpoint
CREATE INDEX `submissions_status_created_idx` ON `submissions` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `submissions_user_idx` ON `submissions` (`user_id`);