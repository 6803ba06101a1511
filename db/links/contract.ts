/**
 * The links' part of the REST contract: what the link checker and users found of a content's link; and the
 * operations of reporting a link broken and of accepting the address it permanently moved to.
 */
import { z } from '../validation/zod.ts';
import { isoDate, message } from '../contract/shapes.ts';
import type { Operation } from '../contract/operation.ts';
import { prose } from '../contract/prose.ts';
import { content, factShapes } from '../catalog/contract.ts';

export const linkHealth = z
  .object({
    checkedAt: isoDate.nullable().meta({ description: 'When the link checker last asked it (null: never)' }),
    status: z.int().nullable().meta({ description: 'The HTTP status it answered (null: no answer, or never checked)' }),
    error: z.string().nullable().meta({ description: 'What went wrong, in words (null when it works)' }),
    failures: z.int().meta({ description: 'Failed checks in a row' }),
    brokenSince: isoDate
      .nullable()
      .meta({ description: 'Broken (3 failures over 48 hours) since then; null when not broken' }),
    movedTo: z.string().nullable().meta({
      description:
        'Where it permanently redirects (301/308) to a working page: POST /api/contents/{id}/accept-redirect makes that the URL',
    }),
    reports: z.int().meta({ description: 'Users who reported this URL broken' }),
  })
  .meta({
    id: 'LinkHealth',
    description: 'What the link checker and users found of a content’s link (its current URL)',
  });

export type LinkHealthShape = z.infer<typeof linkHealth>;

/** What a content's own page suggests for the facts it does not have, read after a link check (the admin accepts them). */
export const pageFactSuggestions = z
  .object({
    readAt: isoDate.nullable().meta({ description: 'When its page was last read at its current URL (null: not yet)' }),
    url: z.string().nullable().meta({ description: 'The address read' }),
    suggested: z
      .object(
        Object.fromEntries(Object.entries(factShapes).map(([key, shape]) => [key, shape.unwrap().optional()])) as {
          [K in keyof typeof factShapes]: z.ZodOptional<ReturnType<(typeof factShapes)[K]['unwrap']>>;
        },
      )
      .meta({ description: 'Only the facts the content does not have and its page gives, as the catalog takes them' }),
  })
  .meta({ id: 'PageFactSuggestions' });
export const LINK_OPERATIONS = {
  myLinkReport: {
    method: 'GET',
    route: '/api/contents/[id]/report-link',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'Whether you have reported the link of the content {id}',
    ok: {
      status: 200,
      schema: z.object({ reported: z.boolean() }).meta({ id: 'LinkReportState' }),
      description: 'Reported or not (the content’s current URL)',
    },
  },
  reportLink: {
    method: 'POST',
    route: '/api/contents/[id]/report-link',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'Report the link of the content {id} broken',
    description: prose`
      Once per user while the content keeps that URL (a second report is a 409); limited per account
      (RATE_LIMIT_LINK_REPORT_USER, 10 an hour). The link is checked at once, and the report shows in the
      admin’s contents list. No body.`,
    ok: { status: 201, schema: message, description: 'Reported' },
    errors: [404, 409, 429],
  },
  withdrawLinkReport: {
    method: 'DELETE',
    route: '/api/contents/[id]/report-link',
    group: 'Saves and reviews',
    access: 'user',
    summary: 'Withdraw your report of the link of the content {id}',
    description: prose`
      The Undo of a report: the report goes from the admin’s list (the check it asked for stays). Withdrawing
      when there is no report of yours is the same answer, so a retry is safe. No body.`,
    ok: { status: 200, schema: message, description: 'Withdrawn, or there was none' },
    errors: [404],
  },
  pageFactSuggestions: {
    method: 'GET',
    route: '/api/contents/[id]/page-facts',
    group: 'Admin: contents',
    access: 'admin',
    summary: 'What the content’s own page suggests for the facts it does not have',
    description: prose`
      After a link check finds the page answering, its schema.org JSON-LD (Course, LearningResource, VideoObject…)
      or OpenGraph is read, within the same outbound limits as a submission’s page: provider, hours, skills,
      prerequisites, last updated. Only facts the content lacks are suggested; saving the content with them accepts them.`,
    ok: { status: 200, schema: pageFactSuggestions, description: 'The suggestions, perhaps none' },
    errors: [404],
  },
  acceptRedirect: {
    method: 'POST',
    route: '/api/contents/[id]/accept-redirect',
    group: 'Admin: contents',
    access: 'admin',
    summary: 'Make the address the link permanently redirects to its URL',
    description: prose`
      The link checker found that the content’s link answers a permanent redirect (301, 308) to a working
      page (\`link.movedTo\` in the admin list): that address becomes the URL. No body.`,
    ok: { status: 200, schema: content, description: 'The content with its new URL' },
    errors: [404, 409],
  },
} as const satisfies Record<string, Operation>;
