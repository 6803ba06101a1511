ALTER TABLE `contents` ADD `category_mask` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `contents` ADD `tech_stack_mask` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `contents` ADD `type_mask` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `contents_facets_idx` ON `contents` (`created_at`,`category_mask`,`tech_stack_mask`,`type_mask`,`cost`,`has_cert`,`rating`);