-- Tags spelled as their owners spell them (JavaScript, TypeScript), as renaming them in the admin's Tags screen
-- would (db/catalog/tags/tag-changes.ts renameTag): the tag's label, every list that carries it, the contents'
-- derived tag_labels and content_tags; the value stays, so no address changes. The retag row makes the content
-- triggers log one change rather than one per content (decision 023).

UPDATE `tags` SET `label` = 'JavaScript' WHERE `kind` = 'techStack' AND `value` = 'javascript' AND `label` = 'Javascript';
--> statement-breakpoint
INSERT INTO `catalog_retag` (`kind`, `from_value`, `into_value`) SELECT 'techStack', 'javascript', 'javascript' WHERE changes() > 0;
--> statement-breakpoint
UPDATE contents SET tech_stack = (SELECT json_group_array(json_object(
      'label', CASE WHEN j.value->>'value' = 'javascript' THEN 'JavaScript' ELSE j.value->>'label' END,
      'value', j.value->>'value'))
    FROM json_each("contents"."tech_stack") j)
  WHERE EXISTS (SELECT 1 FROM catalog_retag) AND id IN (SELECT content_id FROM content_tags WHERE kind = 'techStack' AND value = 'javascript');
--> statement-breakpoint
UPDATE contents SET tag_labels = coalesce((SELECT group_concat(label, ' ') FROM (
    SELECT label FROM (
      SELECT 1 k, j.key i, j.value->>'label' label FROM json_each(contents.category) j
      UNION ALL SELECT 2, j.key, j.value->>'label' FROM json_each(contents.tech_stack) j
      UNION ALL SELECT 3, j.key, j.value->>'label' FROM json_each(contents.type) j)
    ORDER BY k, i)), '')
  WHERE EXISTS (SELECT 1 FROM catalog_retag) AND id IN (SELECT content_id FROM content_tags WHERE kind = 'techStack' AND value = 'javascript');
--> statement-breakpoint
UPDATE "content_drafts" SET tech_stack = (SELECT json_group_array(json_object(
      'label', CASE WHEN j.value->>'value' = 'javascript' THEN 'JavaScript' ELSE j.value->>'label' END,
      'value', j.value->>'value'))
    FROM json_each("content_drafts"."tech_stack") j)
  WHERE EXISTS (SELECT 1 FROM catalog_retag) AND 1 AND EXISTS (SELECT 1 FROM json_each("content_drafts"."tech_stack") j WHERE j.value->>'value' = 'javascript');
--> statement-breakpoint
UPDATE "submissions" SET tech_stack = (SELECT json_group_array(json_object(
      'label', CASE WHEN j.value->>'value' = 'javascript' THEN 'JavaScript' ELSE j.value->>'label' END,
      'value', j.value->>'value'))
    FROM json_each("submissions"."tech_stack") j)
  WHERE EXISTS (SELECT 1 FROM catalog_retag) AND status = 'pending' AND EXISTS (SELECT 1 FROM json_each("submissions"."tech_stack") j WHERE j.value->>'value' = 'javascript');
--> statement-breakpoint
UPDATE content_tags SET label = 'JavaScript' WHERE kind = 'techStack' AND value = 'javascript' AND EXISTS (SELECT 1 FROM catalog_retag);
--> statement-breakpoint
DELETE FROM catalog_retag;
--> statement-breakpoint
UPDATE `tags` SET `label` = 'TypeScript' WHERE `kind` = 'techStack' AND `value` = 'typescript' AND `label` = 'Typescript';
--> statement-breakpoint
INSERT INTO `catalog_retag` (`kind`, `from_value`, `into_value`) SELECT 'techStack', 'typescript', 'typescript' WHERE changes() > 0;
--> statement-breakpoint
UPDATE contents SET tech_stack = (SELECT json_group_array(json_object(
      'label', CASE WHEN j.value->>'value' = 'typescript' THEN 'TypeScript' ELSE j.value->>'label' END,
      'value', j.value->>'value'))
    FROM json_each("contents"."tech_stack") j)
  WHERE EXISTS (SELECT 1 FROM catalog_retag) AND id IN (SELECT content_id FROM content_tags WHERE kind = 'techStack' AND value = 'typescript');
--> statement-breakpoint
UPDATE contents SET tag_labels = coalesce((SELECT group_concat(label, ' ') FROM (
    SELECT label FROM (
      SELECT 1 k, j.key i, j.value->>'label' label FROM json_each(contents.category) j
      UNION ALL SELECT 2, j.key, j.value->>'label' FROM json_each(contents.tech_stack) j
      UNION ALL SELECT 3, j.key, j.value->>'label' FROM json_each(contents.type) j)
    ORDER BY k, i)), '')
  WHERE EXISTS (SELECT 1 FROM catalog_retag) AND id IN (SELECT content_id FROM content_tags WHERE kind = 'techStack' AND value = 'typescript');
--> statement-breakpoint
UPDATE "content_drafts" SET tech_stack = (SELECT json_group_array(json_object(
      'label', CASE WHEN j.value->>'value' = 'typescript' THEN 'TypeScript' ELSE j.value->>'label' END,
      'value', j.value->>'value'))
    FROM json_each("content_drafts"."tech_stack") j)
  WHERE EXISTS (SELECT 1 FROM catalog_retag) AND 1 AND EXISTS (SELECT 1 FROM json_each("content_drafts"."tech_stack") j WHERE j.value->>'value' = 'typescript');
--> statement-breakpoint
UPDATE "submissions" SET tech_stack = (SELECT json_group_array(json_object(
      'label', CASE WHEN j.value->>'value' = 'typescript' THEN 'TypeScript' ELSE j.value->>'label' END,
      'value', j.value->>'value'))
    FROM json_each("submissions"."tech_stack") j)
  WHERE EXISTS (SELECT 1 FROM catalog_retag) AND status = 'pending' AND EXISTS (SELECT 1 FROM json_each("submissions"."tech_stack") j WHERE j.value->>'value' = 'typescript');
--> statement-breakpoint
UPDATE content_tags SET label = 'TypeScript' WHERE kind = 'techStack' AND value = 'typescript' AND EXISTS (SELECT 1 FROM catalog_retag);
--> statement-breakpoint
DELETE FROM catalog_retag;
