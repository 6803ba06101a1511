/**
 * An import's --map file: the admin's own choices of which foreign tag becomes which of ours, or is dropped
 * (null). Read before anything is imported, so a typo in it stops the import instead of tagging rows wrong.
 */
import { perTagKind, TAG_KINDS, TAXONOMY } from '../catalog/taxonomy.ts';
import { AppError } from '../errors.ts';
import { foldTag, shown, type TagMap, type TagResolver } from '../catalog/tags/tag-resolver.ts';

/** A --map file that cannot be used: nothing is imported. */
export class TagMapError extends AppError {
  constructor(message: string) {
    super('VALIDATION', message);
    this.name = 'TagMapError';
  }
}

const MAP_EXAMPLE = '{"category": {"other": null, "frontend-development": "web-development"}}';

/**
 * A --map file's content: {kind: {foreign label or value: our label or value, or null}}. Every target must
 * be one of our tags, so a typo is caught before anything is imported.
 */
export function readTagMap(value: unknown, resolver: TagResolver): TagMap {
  const wrong = (message: string) => new TagMapError(message);
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(value)) throw wrong(`the map must be a JSON object of tag kinds, e.g. ${MAP_EXAMPLE}`);
  const map: TagMap = perTagKind(() => new Map());
  for (const [name, entries] of Object.entries(value)) {
    const kind = TAG_KINDS.find((k) => foldTag(k) === foldTag(name));
    if (!kind) throw wrong(`unknown tag kind '${shown(name)}' in the map (use ${TAG_KINDS.join(', ')})`);
    if (!isObject(entries))
      throw wrong(`the map's ${kind} must be an object of foreign tag → our tag, e.g. ${MAP_EXAMPLE}`);
    for (const [from, to] of Object.entries(entries)) {
      if (to === null) {
        map[kind].set(foldTag(from), null);
        continue;
      }
      if (typeof to !== 'string')
        throw wrong(
          `${kind} '${shown(from)}' in the map: give one of our ${kind} tags (label or value), or null to drop it`,
        );
      const match = resolver.resolve(kind, to);
      if (!('tag' in match))
        throw wrong(
          `${kind} '${shown(from)}' → '${shown(to)}' in the map: '${shown(to)}' is not one of ours (${TAXONOMY[kind].map((t) => t.value).join(', ')})`,
        );
      map[kind].set(foldTag(from), match.tag);
    }
  }
  return map;
}
