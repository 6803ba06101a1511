ALTER TABLE `submissions` ADD `page_description` text;--> statement-breakpoint
ALTER TABLE `submissions` ADD `page_image` text;