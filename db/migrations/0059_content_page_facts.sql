CREATE TABLE `content_page_facts` (
	`content_id` text PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`facts` text,
	`read_at` integer NOT NULL,
	FOREIGN KEY (`content_id`) REFERENCES `contents`(`id`) ON UPDATE cascade ON DELETE cascade
);
