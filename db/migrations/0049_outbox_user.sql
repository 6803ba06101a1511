ALTER TABLE `outbox` ADD `user_id` text;--> statement-breakpoint
CREATE INDEX `outbox_user_idx` ON `outbox` (`user_id`);--> statement-breakpoint
-- Mail queued before it named its account: tied to the account that has its address now. Mail tied to none
-- (to a deleted account, or to an address an account no longer has) is dropped, unless it is still on its way.
UPDATE `outbox` SET `user_id` = (SELECT `id` FROM `users` WHERE `users`.`email` = `outbox`.`to`);
--> statement-breakpoint
DELETE FROM `outbox` WHERE `user_id` IS NULL AND `status` NOT IN ('pending', 'sending');
