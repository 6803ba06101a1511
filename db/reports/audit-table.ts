/**
 * The Audit log screen's table (docs/product.md#pages Audit log): the audit log found by words in its targets
 * and details, filtered by action or admin, sorted, paged (the admin lists' convention, decision 020). A read
 * across rooms: each row says whether its target still exists, so the screen links only to what an admin
 * screen can show.
 */
import { and, asc, count, desc, eq, inArray, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { paging } from '../paging.ts';
import { auditLog, contentDrafts, contents, reviews, submissions, tags, users } from '../schema.ts';
import { containsPattern, parseListQuery } from '../validation/list-query.ts';
import { AUDIT_LIST } from '../validation/audit-actions.ts';
import type { AuditListShape } from './contract.ts';

const SORT_COLUMNS = {
  at: auditLog.at,
  action: auditLog.action,
  admin: sql`${auditLog.actorLabel} COLLATE NOCASE`,
} as const;

/** Contains the text, its own %, _ and \\ matched literally. */
const contains = (column: SQLWrapper, pattern: string) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;

/** Accepts anything (parseListQuery): what it cannot apply is the default. */
export async function listAuditForAdmin(
  db: Db,
  params: URLSearchParams | Record<string, string | undefined> = {},
): Promise<AuditListShape> {
  const query = parseListQuery(AUDIT_LIST, params);
  const { action, admin } = query.filters;
  const pattern = containsPattern(query.search);
  const where = and(
    action ? eq(auditLog.action, action) : undefined,
    admin ? eq(auditLog.actor, admin) : undefined,
    query.search
      ? or(
          contains(sql`${auditLog.targetType} || ':' || ${auditLog.targetId}`, pattern),
          contains(auditLog.details, pattern),
        )
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  const page = paging(query.page, total?.n ?? 0, query.pageSize);
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    // Then by time, the same way (one index serves both); the id orders entries of the same millisecond.
    .orderBy(...[...new Set([SORT_COLUMNS[query.sort], auditLog.at])].map(direction), direction(auditLog.id))
    .limit(query.pageSize)
    .offset(page.count);
  const [existing, people] = await Promise.all([
    existingTargets(db, rows),
    peopleOf(
      db,
      rows.map((row) => row.actor),
    ),
  ]);
  return {
    ...page,
    pageSize: query.pageSize,
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      admin: adminOf(row.actor, row.actorLabel, people),
      action: row.action,
      target: { type: row.targetType, id: row.targetId, exists: existing.has(`${row.targetType}:${row.targetId}`) },
      details: row.details ?? null,
    })),
  };
}

type People = Map<string, { name: string; email: string }>;

/**
 * The accounts behind these actors ('user:{id}'), by primary key: an admin is named as the other admin
 * screens name people, by their name today. A CLI user has no account, and a deleted account none any more.
 */
async function peopleOf(db: Db, actors: readonly string[]): Promise<People> {
  const ids = [...new Set(actors.filter((actor) => actor.startsWith('user:')).map((actor) => actor.slice(5)))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [`user:${row.id}`, { name: row.name, email: row.email }]));
}

/** An admin by their name, their email beside it, while their account exists; else as the log recorded them. */
function adminOf(actor: string, recorded: string | null, people: People): AuditListShape['entries'][number]['admin'] {
  const person = people.get(actor);
  if (person?.name) return { id: actor, label: person.name, email: person.email };
  return { id: actor, label: recorded || actor };
}

/**
 * Which targets of these entries still exist ('type:id'), by primary key or unique index: a content (published
 * or a draft), a submission, a user, a review, a tag ('kind:value'). Other targets (an import, the database)
 * have no screen of their own.
 */
async function existingTargets(
  db: Db,
  rows: ReadonlyArray<{ targetType: string; targetId: string }>,
): Promise<Set<string>> {
  const ids = (type: string) => [...new Set(rows.filter((row) => row.targetType === type).map((row) => row.targetId))];
  const found = new Set<string>();
  const keep = (type: string, list: Array<{ id: string }>) => {
    for (const { id } of list) found.add(`${type}:${id}`);
  };
  const lookups: Array<Promise<void>> = [];
  const lookup = (type: string, run: (list: string[]) => Promise<Array<{ id: string }>>) => {
    const list = ids(type);
    if (list.length) lookups.push(run(list).then((hits) => keep(type, hits)));
  };
  lookup('content', async (list) => [
    ...(await db.select({ id: contents.id }).from(contents).where(inArray(contents.id, list))),
    ...(await db.select({ id: contentDrafts.id }).from(contentDrafts).where(inArray(contentDrafts.id, list))),
  ]);
  lookup('submission', (list) =>
    db.select({ id: submissions.id }).from(submissions).where(inArray(submissions.id, list)),
  );
  lookup('user', (list) => db.select({ id: users.id }).from(users).where(inArray(users.id, list)));
  lookup('review', (list) => db.select({ id: reviews.id }).from(reviews).where(inArray(reviews.id, list)));
  lookup('tag', (list) =>
    db
      .select({ id: sql<string>`${tags.kind} || ':' || ${tags.value}` })
      .from(tags)
      .where(
        or(
          ...list.map((id) => {
            const [kind = '', value = ''] = id.split(/:(.*)/s);
            return and(sql`${tags.kind} = ${kind}`, eq(tags.value, value));
          }),
        ),
      ),
  );
  await Promise.all(lookups);
  return found;
}

/**
 * The admins the audit log names (its `admin` filter's choices), each by their name while their account
 * exists, else by the label of their latest entry (an admin's email may have changed). Both reads go through audit_log_actor_idx. A person whose only entry is
 * deleting their own account is no admin, and is left out.
 */
export async function listAuditAdmins(db: Db): Promise<Array<{ id: string; label: string; email?: string }>> {
  const rows = await db.all<{ id: string; label: string | null }>(sql`SELECT actors.actor AS id,
      (SELECT nullif(latest.actor_label, '') FROM audit_log AS latest WHERE latest.actor = actors.actor ORDER BY latest.at DESC LIMIT 1) AS label
    FROM audit_log AS actors
    WHERE NOT (actors.action = 'user.delete' AND actors.actor = 'user:' || actors.target_id)
    GROUP BY actors.actor`);
  const people = await peopleOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => adminOf(row.id, row.label, people)).sort((a, b) => a.label.localeCompare(b.label));
}
