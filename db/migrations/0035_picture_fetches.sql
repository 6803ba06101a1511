CREATE TABLE `picture_fetches` (
	`content_id` text PRIMARY KEY NOT NULL,
	`outcome` text NOT NULL,
	`fetched_at` integer NOT NULL,
	FOREIGN KEY (`content_id`) REFERENCES `contents`(`id`) ON UPDATE cascade ON DELETE cascade
);
