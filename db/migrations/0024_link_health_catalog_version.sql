-- A content page says when its link may be broken (decision 016), and visitors' pages are cached per catalog
-- version (decision 006): a link check that touches a broken link — it becomes broken, stays broken (the
-- date checked moves on) or recovers — bumps the version. Checks of working links, the many, do not.
CREATE TRIGGER catalog_version_link_broken_insert AFTER INSERT ON link_checks WHEN NEW.broken_since IS NOT NULL BEGIN
  UPDATE meta SET value = value + 1 WHERE key = 'catalog_version';
END;
--> statement-breakpoint
CREATE TRIGGER catalog_version_link_broken_update AFTER UPDATE ON link_checks WHEN OLD.broken_since IS NOT NULL OR NEW.broken_since IS NOT NULL BEGIN
  UPDATE meta SET value = value + 1 WHERE key = 'catalog_version';
END;
