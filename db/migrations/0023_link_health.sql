CREATE TABLE `leases` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `link_checks` (
	`content_id` text PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`checked_at` integer,
	`status` integer,
	`error` text,
	`final_url` text,
	`moved_to` text,
	`failures` integer DEFAULT 0 NOT NULL,
	`first_failure_at` integer,
	`broken_since` integer,
	`ok_at` integer,
	`due_at` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`content_id`) REFERENCES `contents`(`id`) ON UPDATE cascade ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `link_checks_due_idx` ON `link_checks` (`due_at`);--> statement-breakpoint
CREATE INDEX `link_checks_broken_idx` ON `link_checks` (`broken_since`);--> statement-breakpoint
CREATE TABLE `link_reports` (
	`content_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`content_id`, `user_id`),
	FOREIGN KEY (`content_id`) REFERENCES `contents`(`id`) ON UPDATE cascade ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
