ALTER TABLE `list_items` ADD `section` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `lists` ADD `kind` text DEFAULT 'list' NOT NULL;