CREATE TABLE `list_items` (
	`list_id` text NOT NULL,
	`content_id` text NOT NULL,
	`position` integer NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`list_id`, `content_id`),
	FOREIGN KEY (`list_id`) REFERENCES `lists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`content_id`) REFERENCES `contents`(`id`) ON UPDATE cascade ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `list_items_content_idx` ON `list_items` (`content_id`);--> statement-breakpoint
CREATE TABLE `lists` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`is_public` integer DEFAULT false NOT NULL,
	`removed_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lists_slug_unique` ON `lists` (`slug`);--> statement-breakpoint
CREATE INDEX `lists_user_created_idx` ON `lists` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `progress` (
	`user_id` text NOT NULL,
	`content_id` text NOT NULL,
	`state` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `content_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`content_id`) REFERENCES `contents`(`id`) ON UPDATE cascade ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `progress_content_idx` ON `progress` (`content_id`);--> statement-breakpoint
-- What a public list's page shows reaches the change feed (decision 033): a 'list' change names the list
-- (in `after`) and, when the public lists holding a content moved, that content (whose page counts them).
-- Private lists log nothing: no shared page shows them.
CREATE TRIGGER catalog_change_list_item_insert AFTER INSERT ON list_items WHEN (SELECT is_public FROM lists WHERE id = NEW.list_id) BEGIN
  INSERT INTO catalog_changes(kind, content_seq, after) VALUES ('list', (SELECT seq FROM contents WHERE id = NEW.content_id), NEW.list_id);
END;
--> statement-breakpoint
CREATE TRIGGER catalog_change_list_item_delete AFTER DELETE ON list_items WHEN (SELECT is_public FROM lists WHERE id = OLD.list_id) BEGIN
  INSERT INTO catalog_changes(kind, content_seq, after) VALUES ('list', (SELECT seq FROM contents WHERE id = OLD.content_id), OLD.list_id);
END;
--> statement-breakpoint
-- A reorder or a note moves the list's updated_at (one change, not one per item); the count of contents
-- removed from it is its owner's notice, shown nowhere shared.
CREATE TRIGGER catalog_change_list_update AFTER UPDATE ON lists
WHEN (OLD.is_public OR NEW.is_public)
  AND (OLD.name IS NOT NEW.name OR OLD.description IS NOT NEW.description OR OLD.is_public IS NOT NEW.is_public OR OLD.updated_at IS NOT NEW.updated_at OR OLD.user_id IS NOT NEW.user_id)
BEGIN
  INSERT INTO catalog_changes(kind, after) VALUES ('list', NEW.id);
  -- Published, unpublished or renamed: each content page counting it (and naming the latest few).
  INSERT INTO catalog_changes(kind, content_seq, after)
    SELECT 'list', c.seq, NEW.id FROM list_items i JOIN contents c ON c.id = i.content_id
    WHERE i.list_id = NEW.id AND (OLD.is_public IS NOT NEW.is_public OR OLD.name IS NOT NEW.name);
END;
--> statement-breakpoint
-- Before the delete, while its items are there: the cascade that follows finds no list and logs nothing more.
CREATE TRIGGER catalog_change_list_delete BEFORE DELETE ON lists WHEN OLD.is_public BEGIN
  INSERT INTO catalog_changes(kind, after) VALUES ('list', OLD.id);
  INSERT INTO catalog_changes(kind, content_seq, after)
    SELECT 'list', c.seq, OLD.id FROM list_items i JOIN contents c ON c.id = i.content_id WHERE i.list_id = OLD.id;
END;
--> statement-breakpoint
-- A public list's page names its owner.
CREATE TRIGGER catalog_change_list_owner_renamed AFTER UPDATE OF name ON users WHEN OLD.name IS NOT NEW.name BEGIN
  INSERT INTO catalog_changes(kind, after) SELECT 'list', id FROM lists WHERE user_id = NEW.id AND is_public;
END;
--> statement-breakpoint
-- A content deleted from the catalog leaves the lists holding it (the cascade); each list counts it for its owner's notice.
CREATE TRIGGER lists_count_removed_contents BEFORE DELETE ON contents BEGIN
  UPDATE lists SET removed_count = removed_count + 1 WHERE id IN (SELECT list_id FROM list_items WHERE content_id = OLD.id);
END;
--> statement-breakpoint
CREATE TRIGGER progress_state_known BEFORE INSERT ON progress WHEN NEW.state NOT IN ('want', 'learning', 'done') BEGIN
  SELECT RAISE(ABORT, 'progress_state_known');
END;
