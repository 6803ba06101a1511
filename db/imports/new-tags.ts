/**
 * The tags an import creates (a label none of ours matches, settled as a new tag), written with the rows that
 * carry them: each batch of rows inserts the new tags its own rows carry, in the same batch, so a row that is
 * refused, skipped or rolled back leaves no tag behind, and a tag is never written without a row using it.
 */
import type { InStatement } from '@libsql/client';
import { TAG_KINDS, type Tag, type TagKind } from '../catalog/taxonomy.ts';

/** What carries tags: a content's input or a submission's. */
type Tagged = Record<TagKind, readonly Tag[]>;

const keyOf = (kind: TagKind, value: string) => `${kind}\u0000${value}`;

export class NewTags {
  readonly #byKey = new Map<string, { kind: TagKind; tag: Tag }>();

  constructor(created: ReadonlyArray<{ kind: TagKind; tag: Tag }>) {
    for (const made of created) this.#byKey.set(keyOf(made.kind, made.tag.value), made);
  }

  /** The new tags these rows carry, each once. */
  carriedBy(rows: readonly Tagged[]): Array<{ kind: TagKind; tag: Tag }> {
    const found = new Map<string, { kind: TagKind; tag: Tag }>();
    for (const row of rows) {
      for (const kind of TAG_KINDS) {
        for (const tag of row[kind]) {
          const made = this.#byKey.get(keyOf(kind, tag.value));
          if (made) found.set(keyOf(kind, tag.value), made);
        }
      }
    }
    return [...found.values()];
  }

  /** The statement inserting the new tags these rows carry (none when they carry none), for the rows' own batch. */
  statementsFor(rows: readonly Tagged[]): InStatement[] {
    const carried = this.carriedBy(rows);
    if (carried.length === 0) return [];
    return [
      {
        // A tag another writer created meanwhile stays as it is.
        sql: `INSERT INTO tags(kind, value, label) VALUES ${carried.map(() => '(?, ?, ?)').join(', ')} ON CONFLICT DO NOTHING`,
        args: carried.flatMap(({ kind, tag }) => [kind, tag.value, tag.label]),
      },
    ];
  }
}
