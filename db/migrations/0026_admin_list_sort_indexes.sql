CREATE INDEX `contents_name_idx` ON `contents` ("name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `submissions_created_idx` ON `submissions` (`created_at`);--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`);--> statement-breakpoint
CREATE INDEX `users_name_idx` ON `users` ("name" COLLATE NOCASE);