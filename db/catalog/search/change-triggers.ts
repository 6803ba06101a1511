/**
 * The change feed's triggers on contents (catalog_changes: changes.ts), written from the facet registry: each
 * logs a content's facet-table columns (FACET_TABLE_COLUMNS, one per facet with a column of its own) before and
 * after the change. A migration that adds such a facet writes them again (`npm run db:triggers -- <name>`);
 * change-triggers.test.ts checks that a migrated database holds exactly these.
 */
import { FACET_TABLE_COLUMNS } from '../facets.ts';

/** The seq is the change's own column; the rest go into its before and after. */
const LOGGED = FACET_TABLE_COLUMNS.filter((column) => column !== 'seq');

const values = (row: 'OLD' | 'NEW', extra = '') =>
  `json_object(${LOGGED.map((column) => `'${column}', ${row}.${column}`).join(', ')}${extra})`;

/** A search's words are read again when one of these changed (the word index: text-index-held.ts). */
const TEXT_CHANGED = `, 'text_changed', OLD.name IS NOT NEW.name OR OLD.description IS NOT NEW.description OR OLD.tag_labels IS NOT NEW.tag_labels`;

export const CHANGE_TRIGGER_NAMES = [
  'catalog_change_content_insert',
  'catalog_change_content_update',
  'catalog_change_content_delete',
] as const;
const [ON_INSERT, ON_UPDATE, ON_DELETE] = CHANGE_TRIGGER_NAMES;

/** The three CREATE TRIGGER statements, as SQLite keeps them. */
export function changeFeedTriggers(): string[] {
  return [
    `CREATE TRIGGER ${ON_INSERT} AFTER INSERT ON contents BEGIN
  INSERT INTO catalog_changes(kind, content_seq, after) VALUES ('insert', NEW.seq, ${values('NEW')});
END`,
    `CREATE TRIGGER ${ON_UPDATE} AFTER UPDATE ON contents WHEN NOT EXISTS (SELECT 1 FROM catalog_retag) BEGIN
  INSERT INTO catalog_changes(kind, content_seq, before, after)
  VALUES ('update', NEW.seq, ${values('OLD')},
    ${values('NEW', TEXT_CHANGED)});
END`,
    `CREATE TRIGGER ${ON_DELETE} AFTER DELETE ON contents BEGIN
  INSERT INTO catalog_changes(kind, content_seq, before) VALUES ('delete', OLD.seq, ${values('OLD')});
END`,
  ];
}

/**
 * A migration's statements that write the triggers again: drop, create, and a reset of the feed, since the
 * changes logged before carry none of a new column (every process starts over from the reset).
 */
export function changeFeedTriggersMigration(): string {
  return [
    ...CHANGE_TRIGGER_NAMES.map((name) => `DROP TRIGGER ${name};`),
    ...changeFeedTriggers().map((statement) => `${statement};`),
    "-- Changes logged before these triggers carry fewer columns: every process starts over from here.\nINSERT INTO catalog_changes(kind) VALUES ('reset');",
  ].join('--> statement-breakpoint\n');
}
