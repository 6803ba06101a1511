CREATE TABLE `facet_totals` (
	`facet` text NOT NULL,
	`value` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`facet`, `value`)
);
