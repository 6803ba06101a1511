ALTER TABLE `sessions` ADD `user_agent` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `address` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_used_at` integer;