ALTER TABLE `contents` DROP COLUMN `category_mask`;--> statement-breakpoint
ALTER TABLE `contents` DROP COLUMN `tech_stack_mask`;--> statement-breakpoint
ALTER TABLE `contents` DROP COLUMN `type_mask`;