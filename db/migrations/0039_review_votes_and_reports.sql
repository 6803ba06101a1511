-- "Helpful" votes and reports on reviews. A review's helpful count is kept by the votes' triggers, in the
-- vote's own transaction, so it is exact however many votes come at once; each vote also touches its
-- content's row (a no-op update), so the change feed drops the content's cached page, which shows the
-- counts and orders its reviews by them (decision 023: a review's own rows are not in the feed).
CREATE TABLE `review_reports` (
	`review_id` text NOT NULL,
	`user_id` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`review_id`, `user_id`),
	FOREIGN KEY (`review_id`) REFERENCES `reviews`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `review_reports_user_idx` ON `review_reports` (`user_id`);--> statement-breakpoint
CREATE TABLE `review_votes` (
	`review_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`review_id`, `user_id`),
	FOREIGN KEY (`review_id`) REFERENCES `reviews`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `review_votes_user_idx` ON `review_votes` (`user_id`);--> statement-breakpoint
ALTER TABLE `reviews` ADD `helpful` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TRIGGER review_votes_after_insert AFTER INSERT ON review_votes BEGIN
  UPDATE reviews SET helpful = (SELECT count(*) FROM review_votes WHERE review_id = new.review_id) WHERE id = new.review_id;
  UPDATE contents SET num_reviews = num_reviews WHERE id = (SELECT content_id FROM reviews WHERE id = new.review_id);
END;--> statement-breakpoint
CREATE TRIGGER review_votes_after_delete AFTER DELETE ON review_votes BEGIN
  UPDATE reviews SET helpful = (SELECT count(*) FROM review_votes WHERE review_id = old.review_id) WHERE id = old.review_id;
  UPDATE contents SET num_reviews = num_reviews WHERE id = (SELECT content_id FROM reviews WHERE id = old.review_id);
END;
