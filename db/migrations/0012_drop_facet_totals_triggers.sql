-- The unfiltered facet counts now come from the in-memory facet table (decision 011), which counts tag
-- combinations of any size: facet_totals, keyed by mask bits, goes. Its triggers first (the table itself
-- and the old covering index are dropped by the generated migration that follows).
DROP TRIGGER IF EXISTS facet_totals_after_insert;
--> statement-breakpoint
DROP TRIGGER IF EXISTS facet_totals_after_delete;
--> statement-breakpoint
DROP TRIGGER IF EXISTS facet_totals_after_update;
