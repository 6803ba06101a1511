ALTER TABLE `submissions` ADD `reject_reason` text;--> statement-breakpoint
ALTER TABLE `submissions` ADD `reject_note` text;