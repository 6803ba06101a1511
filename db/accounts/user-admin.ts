/** The admin's user management (docs/product.md#pages Admin users), with the rules that keep at least one admin. */
import { verificationStatements } from './email-verification.ts';
import { wakeMailSender } from '../operations/mail.ts';
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import { guard, isGuardFailure, uniqueViolation } from '../batch.ts';
import type { Db } from '../client.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import { paging } from '../paging.ts';
import { containsPattern, parseListQuery } from '../validation/list-query.ts';
import { USER_LIST } from './validation/user-list.ts';
import { users, type User } from '../schema.ts';
import { adminUserInput } from './validation/users.ts';
import { parseInput } from '../validation/parse.ts';
import { auditEntry, type Actor } from '../operations/audit.ts';
import { deleteUserSessions } from './sessions.ts';
import { createUser, deleteResetLinks, EMAIL_TAKEN, findUserByEmail, getUser, toPublicUser } from './users.ts';
import type { PublicUserShape, UserListShape } from './contract.ts';
import { mailResetLink } from './password-resets.ts';

export const LAST_ADMIN = 'There must be at least one admin: make another user an admin first';

const USER_SORTS = { created: users.createdAt, name: sql`${users.name} COLLATE NOCASE`, email: users.email } as const;

/**
 * The admin's users table: `search` finds a name or an email containing the text, `role` keeps admins or
 * users, sorted by `sort` (ties by id, so pages never overlap). Accepts anything (parseListQuery).
 */
export async function listUsers(
  db: Db,
  params: URLSearchParams | Record<string, string | undefined> = {},
): Promise<UserListShape> {
  const query = parseListQuery(USER_LIST, params);
  const pattern = containsPattern(query.search);
  const where = and(
    query.search
      ? or(sql`${users.name} LIKE ${pattern} ESCAPE '\\'`, sql`${users.email} LIKE ${pattern} ESCAPE '\\'`)
      : undefined,
    query.filters.role ? eq(users.isAdmin, query.filters.role === 'admin') : undefined,
  );
  const p = paging(query.page, await db.$count(users, where), query.pageSize);
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(direction(USER_SORTS[query.sort]), direction(users.id))
    .limit(query.pageSize)
    .offset(p.count);
  return {
    ...p,
    pageSize: query.pageSize,
    users: rows.map(toUserRow),
  };
}

/** A user as the admin's table lists them: when they joined, whether their address is verified, whether a second factor guards them. */
function toUserRow(user: User): UserListShape['users'][number] {
  return {
    ...toPublicUser(user),
    createdAt: user.createdAt.toISOString(),
    emailVerified: user.emailVerifiedAt !== null,
    twoFactorEnabled: user.totpKey !== null,
  };
}

/** Every user, newest first, without paging (the CLI's list). */
export async function listAllUsers(db: Db): Promise<UserListShape['users']> {
  const rows = await db.select().from(users).orderBy(desc(users.createdAt), desc(users.id));
  return rows.map(toUserRow);
}

/** The admin a terminal operator acts as (the CLI's --as): only an existing admin may be named. */
export async function adminActor(db: Db, email: string): Promise<Actor> {
  const user = await findUserByEmail(db, email);
  if (!user) throw notFound(`No user with the email ${email}`);
  if (!user.isAdmin) throw forbidden(`${user.email} is not an admin`);
  return { kind: 'user', id: user.id, email: user.email };
}

/**
 * An account made by an admin or a terminal operator (never by sign-up), recorded in the audit log. Two
 * writes, not one batch: the insert must fail on a taken email before anything is recorded.
 */
export async function createUserByAdmin(
  db: Db,
  actor: Actor,
  input: unknown,
  options: { isAdmin?: boolean } = {},
): Promise<User> {
  const user = await createUser(db, input, options);
  await auditEntry(
    db,
    actor,
    'user.create',
    { type: 'user', id: user.id },
    { email: user.email, isAdmin: user.isAdmin },
  );
  return user;
}

/**
 * Sends a user a password-reset link on an admin's behalf, through the same mail as the forgotten-password
 * form. Unlike that form, which must not reveal who has an account, an unknown email is an error here.
 */
export async function sendPasswordResetByAdmin(db: Db, actor: Actor, email: string): Promise<PublicUserShape> {
  const user = await findUserByEmail(db, email);
  if (!user) throw notFound(`No user with the email ${email}`);
  await mailResetLink(db, user.email);
  await auditEntry(db, actor, 'user.reset-password', { type: 'user', id: user.id }, { email: user.email });
  return toPublicUser(user);
}

export async function getUserForAdmin(db: Db, id: string): Promise<PublicUserShape> {
  return toPublicUser(await getUser(db, id));
}

/** Another admin exists besides `id`: the condition under which `id` may stop being one. */
const otherAdminExists = (id: string) =>
  sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.isAdmin} = 1 AND ${users.id} != ${id})`;

/** The user `id` may go without leaving the site with no admin: they are none, or another admin exists (a guard's condition). */
export const leavesAnAdmin = (id: string) =>
  sql`(NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.isAdmin} = 1 AND ${users.id} = ${id}) OR ${otherAdminExists(id)})`;

/**
 * Name, email and role. A role change ends the user's sessions (their rights changed under them); a new
 * email ends the user's reset links (they were mailed to the old one); the last admin cannot be demoted.
 * Checked and written in one batch.
 */
export async function updateUserByAdmin(db: Db, actor: Actor, id: string, input: unknown): Promise<PublicUserShape> {
  const data = parseInput(adminUserInput, input);
  const before = await getUser(db, id);
  const roleChanges = data.isAdmin !== before.isAdmin;
  // A new address, the admin's word or not, is verified by its owner before anything else is mailed there.
  const emailChanges = data.email !== before.email;
  try {
    const [, , updated] = await db.batch([
      guard(db, roleChanges && !data.isAdmin ? otherAdminExists(id) : sql`1`),
      deleteResetLinks(db, id, data.email),
      db
        .update(users)
        .set({
          name: data.name,
          email: data.email,
          isAdmin: data.isAdmin,
          updatedAt: new Date(),
          ...(emailChanges ? { emailVerifiedAt: null } : {}),
        })
        .where(eq(users.id, id))
        .returning(),
      ...(roleChanges ? [deleteUserSessions(db, id)] : []),
      auditEntry(
        db,
        actor,
        'user.update',
        { type: 'user', id },
        { name: data.name, email: data.email, isAdmin: data.isAdmin, was: toPublicUser(before) },
      ),
      ...(emailChanges ? verificationStatements(db, { id, name: data.name }, data.email) : []),
    ]);
    if (emailChanges) wakeMailSender();
    const user = updated[0];
    if (!user) throw notFound('User not found');
    return toPublicUser(user);
  } catch (error) {
    if (isGuardFailure(error)) throw conflict(LAST_ADMIN);
    if (uniqueViolation(error) === 'users.email') throw conflict(EMAIL_TAKEN);
    throw error;
  }
}

/** Makes a user an admin or takes it away (CLI promote/demote): the same rules as the admin screen. */
export async function setAdmin(db: Db, actor: Actor, email: string, isAdmin: boolean): Promise<PublicUserShape> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (!user) throw notFound(`No user with the email ${email}`);
  if (user.isAdmin === isAdmin) return toPublicUser(user);
  try {
    const [, updated] = await db.batch([
      guard(db, isAdmin ? sql`1` : otherAdminExists(user.id)),
      db.update(users).set({ isAdmin, updatedAt: new Date() }).where(eq(users.id, user.id)).returning(),
      deleteUserSessions(db, user.id),
      auditEntry(
        db,
        actor,
        isAdmin ? 'user.promote' : 'user.demote',
        { type: 'user', id: user.id },
        { email: user.email },
      ),
    ]);
    return toPublicUser(updated[0]!);
  } catch (error) {
    if (isGuardFailure(error)) throw conflict(LAST_ADMIN);
    throw error;
  }
}
