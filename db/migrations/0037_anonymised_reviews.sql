-- A review may outlive its author (decision 031): user_id becomes nullable, so an account deleted with its
-- reviews kept anonymised leaves them with no author. ON DELETE CASCADE stays: any other deletion of a user
-- takes their reviews, as before. SQLite changes a column's nullability only by rebuilding the table, which
-- drops its triggers: the two that keep a content's rating and numReviews (migration 0001) are made again below.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`content_id` text NOT NULL,
	`user_id` text,
	`name` text NOT NULL,
	`rating` integer NOT NULL,
	`comment` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`content_id`) REFERENCES `contents`(`id`) ON UPDATE cascade ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_reviews`("id", "content_id", "user_id", "name", "rating", "comment", "created_at") SELECT "id", "content_id", "user_id", "name", "rating", "comment", "created_at" FROM `reviews`;--> statement-breakpoint
DROP TABLE `reviews`;--> statement-breakpoint
ALTER TABLE `__new_reviews` RENAME TO `reviews`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_content_user_unique` ON `reviews` (`content_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `reviews_content_created_idx` ON `reviews` (`content_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_user_idx` ON `reviews` (`user_id`);--> statement-breakpoint
CREATE TRIGGER reviews_after_insert AFTER INSERT ON reviews BEGIN
  UPDATE contents SET
    num_reviews = (SELECT count(*) FROM reviews WHERE content_id = new.content_id),
    rating = coalesce((SELECT avg(rating) FROM reviews WHERE content_id = new.content_id), 0)
  WHERE id = new.content_id;
END;--> statement-breakpoint
CREATE TRIGGER reviews_after_delete AFTER DELETE ON reviews BEGIN
  UPDATE contents SET
    num_reviews = (SELECT count(*) FROM reviews WHERE content_id = old.content_id),
    rating = coalesce((SELECT avg(rating) FROM reviews WHERE content_id = old.content_id), 0)
  WHERE id = old.content_id;
END;
