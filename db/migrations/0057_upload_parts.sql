CREATE TABLE `upload_parts` (
	`upload_id` text NOT NULL,
	`position` integer NOT NULL,
	`data` blob NOT NULL,
	PRIMARY KEY(`upload_id`, `position`),
	FOREIGN KEY (`upload_id`) REFERENCES `uploads`(`id`) ON UPDATE no action ON DELETE cascade
);
