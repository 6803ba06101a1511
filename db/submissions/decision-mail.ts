/**
 * The mail a submitter gets when a moderator decides on their link: the published content's address, or
 * the reason it was turned down. Queued in the batch of the decision (decision 008), and only to a
 * submitter who has an account still and has not turned these mails off in their profile.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { publicUrl } from '../config.ts';
import { submissions, users } from '../schema.ts';
import { reasonLabel, type RejectionInput } from './validation/rejection.ts';
import type { Mail } from '../operations/mail.ts';

export interface Submitter {
  id: string;
  name: string;
  email: string;
}

/**
 * Who to tell about the submission `id`: undefined for an import, a deleted account, mails turned off, or an
 * address not verified yet (only its verification goes there).
 */
export async function submitterToMail(db: Db, id: string): Promise<Submitter | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      wanted: users.decisionMails,
      verifiedAt: users.emailVerifiedAt,
    })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .where(eq(submissions.id, id));
  return row?.wanted && row.verifiedAt ? { id: row.id, name: row.name, email: row.email } : undefined;
}

const footer = () =>
  [
    '',
    `Everything you submitted, and what became of it: ${publicUrl()}/submissions`,
    `You get this mail because a moderator decided on a link you sent. To stop these mails, untick "Mail me about my submissions" in your profile: ${publicUrl()}/profile`,
    '',
  ].join('\n');

export function approvalMail(to: Submitter, submitted: { url: string }, content: { name: string; slug: string }): Mail {
  return {
    userId: to.id,
    to: to.email,
    subject: `Your link is on Skillshelf: ${content.name}`,
    text: [
      `Hello ${to.name},`,
      '',
      `The link you submitted, ${submitted.url}, was approved: it is in the Skillshelf catalog now, as '${content.name}':`,
      '',
      `${publicUrl()}/content/${encodeURIComponent(content.slug)}`,
      '',
      'Thank you for sharing it.',
      footer(),
    ].join('\n'),
  };
}

export function rejectionMail(
  to: Submitter,
  submitted: { name: string; url: string },
  rejection: RejectionInput,
): Mail {
  return {
    userId: to.id,
    to: to.email,
    subject: `Your submission to Skillshelf was not accepted: ${submitted.name}`,
    text: [
      `Hello ${to.name},`,
      '',
      `The link you submitted, ${submitted.url} ('${submitted.name}'), was not added to the Skillshelf catalog.`,
      '',
      rejection.reason ? `Reason: ${reasonLabel(rejection.reason)}` : 'No reason was given.',
      ...(rejection.note ? ['', `The moderator's note: ${rejection.note}`] : []),
      footer(),
    ].join('\n'),
  };
}
