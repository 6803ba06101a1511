-- Every content's tag set as one text, for the facet table (written by db/services/content-rows.ts from
-- now on). The facet table only groups rows by this text and reads the tags back from it, so a set written
-- in another order here than by the service is still counted right.
UPDATE contents SET tag_key = coalesce((
  SELECT group_concat(part, ';') FROM (
    SELECT kind || '=' || group_concat(value, ',') AS part
    FROM (SELECT kind, value FROM content_tags WHERE content_id = contents.id ORDER BY kind, value)
    GROUP BY kind ORDER BY kind
  )
), '');
