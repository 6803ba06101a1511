/**
 * Tags a submitter proposed (docs/product.md#how-things-change, decision 011). A submission's {label, value} pair whose
 * value is none of the tags we offer (unknown, or retired) is kept with the submission
 * (submissions.proposed_tags) instead of refused; it becomes a tag only when an admin approves the submission
 * and chooses so: create it, map it onto one of ours, or drop it. An admin's own writes create the tags they
 * name (settleAdminTags).
 */
import type { Db } from '../client.ts';
import { conflict, invalid } from '../errors.ts';
import type { ProposedTag } from '../schema.ts';
import { TAG_KINDS, toValue, type Tag, type TagKind } from '../catalog/taxonomy.ts';
import { taxonomyResolver } from '../catalog/tags/tag-resolver.ts';
import { currentTagValues, listTags } from '../catalog/tags/tags.ts';
import type { ReviewedProposal, SettledProposal } from './admin-contract.ts';

/** New tags one submission may propose, per kind: enough for a real resource, too few to flood the review. */
export const MAX_PROPOSED_PER_KIND = 5;
const MAX_LABEL = 100;

const key = (kind: TagKind, value: string) => `${kind}:${value}`;
const shown = (label: string) => (label.length > 60 ? `${label.slice(0, 60)}…` : label);

/** The offered tags, read once, with the values that renames and merges left behind resolved to their tag. */
interface TagsNow {
  lists: Record<TagKind, Tag[]>;
  /** The active tag a value names: its own, or the one it is an alias of. */
  active(kind: TagKind, value: string): Tag | undefined;
  retired(kind: TagKind, value: string): boolean;
}

async function tagsNow(db: Db): Promise<TagsNow> {
  const [lists, current] = await Promise.all([listTags(db), currentTagValues(db)]);
  const byValue = new Map(TAG_KINDS.flatMap((kind) => lists[kind].map((tag) => [key(kind, tag.value), tag] as const)));
  const active = (kind: TagKind, value: string) => {
    const now = current(kind, value);
    return now === undefined ? undefined : byValue.get(key(kind, now));
  };
  return {
    lists,
    active,
    retired: (kind, value) => {
      const now = current(kind, value);
      return now !== undefined && !byValue.has(key(kind, now));
    },
  };
}

/**
 * A submission's tags split into ours (stored as its tags, with our labels) and proposed ones (a value
 * that names no offered tag). A proposal's label is cleaned (runs of spaces made one), its value made by
 * the usual rule; it must hold a letter or a digit, and a kind may carry at most MAX_PROPOSED_PER_KIND.
 */
export async function separateProposedTags<T extends Record<TagKind, Tag[]>>(
  db: Db,
  data: T,
): Promise<{ data: T; proposed: ProposedTag[] }> {
  const now = await tagsNow(db);
  const ours = { ...data };
  const proposed: ProposedTag[] = [];
  for (const kind of TAG_KINDS) {
    const tags: Tag[] = [];
    const proposals: ProposedTag[] = [];
    for (const given of data[kind]) {
      // A client's tag box may send what was typed as the value too ({label: 'Rust', value: 'Rust'}).
      const tag = now.active(kind, given.value) ?? now.active(kind, toValue(given.label));
      if (tag) {
        if (!tags.some((t) => t.value === tag.value)) tags.push(tag);
        continue;
      }
      const label = given.label.replace(/\s+/g, ' ').trim();
      if (!/[\p{L}\p{N}]/u.test(label))
        throw invalid(`A proposed ${kind} needs a letter or a digit: '${shown(label)}'`);
      if (label.length > MAX_LABEL)
        throw invalid(`A proposed ${kind} may have at most ${MAX_LABEL} characters: '${shown(label)}'`);
      const value = toValue(label);
      if (!proposals.some((p) => p.value === value)) proposals.push({ kind, label, value });
    }
    if (proposals.length > MAX_PROPOSED_PER_KIND) {
      throw invalid(
        `At most ${MAX_PROPOSED_PER_KIND} new ${kind} tags may be proposed with one submission (${proposals.length} given)`,
      );
    }
    ours[kind] = tags as T[TagKind];
    proposed.push(...proposals);
  }
  return { data: ours, proposed };
}

/** The proposals of a submission as they stand now, with a suggestion of ours for each (the review screens). */
export async function reviewProposedTags(db: Db, proposed: readonly ProposedTag[]): Promise<ReviewedProposal[]> {
  if (proposed.length === 0) return [];
  const now = await tagsNow(db);
  const resolver = taxonomyResolver(now.lists);
  return proposed.map((p) => {
    const tag = now.active(p.kind, p.value);
    if (tag) return { ...p, state: 'exists', suggestion: tag };
    const match = resolver.resolve(p.kind, p.label);
    return {
      ...p,
      state: now.retired(p.kind, p.value) ? 'retired' : 'new',
      ...('tag' in match ? { suggestion: match.tag } : {}),
    };
  });
}

// The admin's choices ---------------------------------------------------------------------------------------

type Choice = { action: 'create' } | { action: 'drop' } | { action: 'map'; to: Tag };

const ACTIONS = ['create', 'map', 'drop'] as const;
const CHOICES_SHAPE =
  "proposedTags must be 'create', 'drop', or a list of {kind, value, action: 'create' | 'map' | 'drop', mapTo}";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const word = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : undefined);

/** A tag of ours named by value or label ('go', 'Go', {label: 'Go', value: 'go'}). */
function tagNamed(now: TagsNow, kind: TagKind, named: unknown): Tag | undefined {
  const text = isObject(named) ? (named.value ?? named.label) : named;
  if (typeof text !== 'string' || !text.trim()) return undefined;
  return now.active(kind, text.trim()) ?? now.active(kind, toValue(text));
}

/**
 * The choices an approval posts (liberal input, see site/pages/api/submissions/[id].ts), one per proposal
 * at most. An entry with neither action nor mapTo (a proposal echoed back as GET showed it) is no choice.
 */
function readChoices(input: unknown, proposed: readonly ProposedTag[], now: TagsNow): Map<string, Choice> {
  const choices = new Map<string, Choice>();
  if (input === undefined || input === null || input === '') return choices;
  const all = word(input);
  if (all === 'create' || all === 'drop') {
    for (const p of proposed) choices.set(key(p.kind, p.value), { action: all });
    return choices;
  }
  if (!Array.isArray(input)) throw invalid(CHOICES_SHAPE);
  for (const entry of input) {
    if (!isObject(entry)) throw invalid(CHOICES_SHAPE);
    const proposal = proposalChosen(entry, proposed);
    const action = actionChosen(entry, proposal);
    if (!action) continue;
    const id = key(proposal.kind, proposal.value);
    if (choices.has(id)) throw invalid(`The proposed ${proposal.kind} '${shown(proposal.label)}' is chosen for twice`);
    choices.set(id, action === 'map' ? { action, to: mapTarget(now, proposal, entry.mapTo ?? entry.to) } : { action });
  }
  return choices;
}

/** The proposal an entry is about, by its kind and its value (or label). */
function proposalChosen(entry: Record<string, unknown>, proposed: readonly ProposedTag[]): ProposedTag {
  const kind = TAG_KINDS.find((k) => k.toLowerCase() === word(entry.kind));
  if (!kind) throw invalid(`The kind of a proposed tag is one of ${TAG_KINDS.join(', ')}`);
  const named =
    typeof entry.value === 'string' && entry.value.trim()
      ? entry.value.trim()
      : typeof entry.label === 'string'
        ? toValue(entry.label)
        : '';
  const proposal = proposed.find((p) => p.kind === kind && (p.value === named || p.value === toValue(named)));
  if (!proposal) throw invalid(`'${shown(named)}' is not a ${kind} proposed with this submission`);
  return proposal;
}

/** The action an entry chooses: the one it names, else 'map' when it names a tag to map to; undefined when neither. */
function actionChosen(entry: Record<string, unknown>, proposal: ProposedTag): (typeof ACTIONS)[number] | undefined {
  const mapTo = entry.mapTo ?? entry.to;
  const given = word(entry.action);
  const action = given
    ? ACTIONS.find((a) => a === given)
    : mapTo !== undefined && mapTo !== null && mapTo !== ''
      ? 'map'
      : undefined;
  if (given && !action)
    throw invalid(
      `What becomes of the proposed ${proposal.kind} '${shown(proposal.label)}' is one of ${ACTIONS.join(', ')}, not '${shown(given)}'`,
    );
  return action;
}

/** The tag of ours a proposal is mapped to, which must exist. */
function mapTarget(now: TagsNow, proposal: ProposedTag, mapTo: unknown): Tag {
  const { kind } = proposal;
  const to = tagNamed(now, kind, mapTo);
  if (to) return to;
  const target = isObject(mapTo) ? String(mapTo.label ?? mapTo.value ?? '') : String(mapTo ?? '');
  throw invalid(
    target
      ? `Unknown ${kind} '${shown(target)}' to map '${shown(proposal.label)}' to`
      : `Name the ${kind} to map '${shown(proposal.label)}' to (mapTo)`,
  );
}

/**
 * What becomes of each proposal, by the admin's choice: 'create' makes the tag (attaches it if it became a
 * tag meanwhile; a retired value is a 409: reviving a tag is the tag screens' decision), 'map' gives the
 * content the chosen tag of ours, 'drop' discards it. Without a choice, a proposal that is a tag now is
 * attached and any other is dropped: tags are made only when someone chose to.
 */
export async function settleProposedTags(
  db: Db,
  proposed: readonly ProposedTag[],
  input: unknown,
): Promise<SettledProposal[]> {
  if (proposed.length === 0) return [];
  const now = await tagsNow(db);
  const choices = readChoices(input, proposed, now);
  return proposed.map((p): SettledProposal => {
    const choice = choices.get(key(p.kind, p.value));
    const existing = now.active(p.kind, p.value);
    if (choice?.action === 'map') return { ...p, outcome: 'mapped', tag: choice.to };
    if (choice?.action === 'drop') return { ...p, outcome: 'dropped' };
    if (existing) return { ...p, outcome: 'attached', tag: existing };
    if (!choice) return { ...p, outcome: 'dropped' };
    if (now.retired(p.kind, p.value))
      throw conflict(`The ${p.kind} '${shown(p.label)}' was retired: map the proposal to another tag or drop it`);
    return { ...p, outcome: 'created', tag: { label: p.label, value: p.value } };
  });
}

/** The content's tags with those the settled proposals give it, each once. */
export function withSettledTags<T extends Record<TagKind, Tag[]>>(data: T, settled: readonly SettledProposal[]): T {
  const tagged = { ...data };
  for (const kind of TAG_KINDS) {
    const tags = [...data[kind]];
    for (const s of settled)
      if (s.kind === kind && s.tag && !tags.some((t) => t.value === s.tag!.value)) tags.push(s.tag);
    tagged[kind] = tags as T[TagKind];
  }
  return tagged;
}
