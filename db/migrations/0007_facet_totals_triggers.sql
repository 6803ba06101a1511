-- facet_totals: every filter option's count over the whole catalog, kept by triggers in the same
-- transaction as every content write (bit values follow db/taxonomy.ts; a tag appended there needs its row
-- added by a migration).
INSERT INTO facet_totals(facet, value) VALUES
  ('all', ''),
  ('category', '0'),
  ('category', '1'),
  ('category', '2'),
  ('category', '3'),
  ('category', '4'),
  ('category', '5'),
  ('category', '6'),
  ('category', '7'),
  ('category', '8'),
  ('category', '9'),
  ('techStack', '0'),
  ('techStack', '1'),
  ('techStack', '2'),
  ('techStack', '3'),
  ('techStack', '4'),
  ('techStack', '5'),
  ('techStack', '6'),
  ('techStack', '7'),
  ('techStack', '8'),
  ('techStack', '9'),
  ('techStack', '10'),
  ('type', '0'),
  ('type', '1'),
  ('type', '2'),
  ('type', '3'),
  ('type', '4'),
  ('type', '5'),
  ('type', '6'),
  ('type', '7'),
  ('type', '8'),
  ('type', '9'),
  ('cost', 'Free'),
  ('cost', 'Paid'),
  ('cost', 'Free/Paid'),
  ('hasCert', '0'),
  ('hasCert', '1'),
  ('rating', '1'),
  ('rating', '2'),
  ('rating', '3'),
  ('rating', '4');
--> statement-breakpoint
UPDATE facet_totals SET n = (SELECT count(*) FROM contents c WHERE CASE facet       WHEN 'all' THEN 1       WHEN 'category' THEN (c.category_mask >> CAST(value AS INTEGER)) & 1       WHEN 'techStack' THEN (c.tech_stack_mask >> CAST(value AS INTEGER)) & 1       WHEN 'type' THEN (c.type_mask >> CAST(value AS INTEGER)) & 1       WHEN 'cost' THEN value = c.cost       WHEN 'hasCert' THEN CAST(value AS INTEGER) = c.has_cert       WHEN 'rating' THEN c.rating >= CAST(value AS INTEGER)     END);
--> statement-breakpoint
CREATE TRIGGER facet_totals_after_insert AFTER INSERT ON contents BEGIN
  UPDATE facet_totals SET n = n + 1 WHERE CASE facet
      WHEN 'all' THEN 1
      WHEN 'category' THEN (new.category_mask >> CAST(value AS INTEGER)) & 1
      WHEN 'techStack' THEN (new.tech_stack_mask >> CAST(value AS INTEGER)) & 1
      WHEN 'type' THEN (new.type_mask >> CAST(value AS INTEGER)) & 1
      WHEN 'cost' THEN value = new.cost
      WHEN 'hasCert' THEN CAST(value AS INTEGER) = new.has_cert
      WHEN 'rating' THEN new.rating >= CAST(value AS INTEGER)
    END;
END;
--> statement-breakpoint
CREATE TRIGGER facet_totals_after_delete AFTER DELETE ON contents BEGIN
  UPDATE facet_totals SET n = n - 1 WHERE CASE facet
      WHEN 'all' THEN 1
      WHEN 'category' THEN (old.category_mask >> CAST(value AS INTEGER)) & 1
      WHEN 'techStack' THEN (old.tech_stack_mask >> CAST(value AS INTEGER)) & 1
      WHEN 'type' THEN (old.type_mask >> CAST(value AS INTEGER)) & 1
      WHEN 'cost' THEN value = old.cost
      WHEN 'hasCert' THEN CAST(value AS INTEGER) = old.has_cert
      WHEN 'rating' THEN old.rating >= CAST(value AS INTEGER)
    END;
END;
--> statement-breakpoint
CREATE TRIGGER facet_totals_after_update AFTER UPDATE OF category_mask, tech_stack_mask, type_mask, cost, has_cert, rating ON contents BEGIN
  UPDATE facet_totals SET n = n - 1 WHERE CASE facet
      WHEN 'all' THEN 1
      WHEN 'category' THEN (old.category_mask >> CAST(value AS INTEGER)) & 1
      WHEN 'techStack' THEN (old.tech_stack_mask >> CAST(value AS INTEGER)) & 1
      WHEN 'type' THEN (old.type_mask >> CAST(value AS INTEGER)) & 1
      WHEN 'cost' THEN value = old.cost
      WHEN 'hasCert' THEN CAST(value AS INTEGER) = old.has_cert
      WHEN 'rating' THEN old.rating >= CAST(value AS INTEGER)
    END;
  UPDATE facet_totals SET n = n + 1 WHERE CASE facet
      WHEN 'all' THEN 1
      WHEN 'category' THEN (new.category_mask >> CAST(value AS INTEGER)) & 1
      WHEN 'techStack' THEN (new.tech_stack_mask >> CAST(value AS INTEGER)) & 1
      WHEN 'type' THEN (new.type_mask >> CAST(value AS INTEGER)) & 1
      WHEN 'cost' THEN value = new.cost
      WHEN 'hasCert' THEN CAST(value AS INTEGER) = new.has_cert
      WHEN 'rating' THEN new.rating >= CAST(value AS INTEGER)
    END;
END;
