DROP TABLE `facet_totals`;--> statement-breakpoint
DROP INDEX `contents_facets_idx`;--> statement-breakpoint
ALTER TABLE `contents` ADD `tag_key` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `contents_facet_table_idx` ON `contents` (`created_at`,`cost`,`has_cert`,`rating`,`num_reviews`,`tag_key`);