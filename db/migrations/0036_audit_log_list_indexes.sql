CREATE INDEX `audit_log_action_idx` ON `audit_log` (`action`,`at`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor`,`at`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_label_idx` ON `audit_log` ("actor_label" COLLATE NOCASE,`at`);