/**
 * The kit of the REST API's answer shapes, as zod schemas: what every room's part of the contract
 * (db/<room>/contract.ts) builds on: ids and dates, tags, a message, the error every failure answers, and
 * the paging of lists. The services build these values, the OpenAPI document (db/contract/openapi.ts) is
 * generated from them, the API tests validate every response against that document, and the browser
 * imports the types (types only).
 */
import { z } from '../validation/zod.ts';
import { ERROR_CODES } from '../errors.ts';
import { TAG_KINDS } from '../catalog/taxonomy.ts';

export const isoDate = z.string().meta({ format: 'date-time', example: '2026-11-23T10:15:00.000Z' });
export const id = z.string().meta({ description: 'An opaque id', example: 'k3x9q2mzv8d1' });

export const tag = z
  .object({ label: z.string(), value: z.string() })
  .meta({ id: 'Tag', example: { label: 'Data Science', value: 'data-science' } });
export const tagKind = z.enum(TAG_KINDS).meta({ id: 'TagKind' });

export const message = z.object({ message: z.string() }).meta({ id: 'Message' });

export const apiError = z
  .object({
    message: z.string().meta({ description: 'What went wrong, in words to show the user' }),
    code: z.enum(ERROR_CODES).optional(),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .meta({
        description:
          'A VALIDATION answer’s every problem, by the path of its field (`tags.0.label`); `message` is the first of them',
        example: { url: 'Website URL is required', name: 'Name is required' },
      }),
  })
  .meta({
    id: 'Error',
    description: 'Every 4xx and 5xx answer. 429 and 503 also carry a Retry-After header (seconds).',
    example: { message: 'Website URL is required', code: 'VALIDATION' },
  });

export const paging = {
  page: z.int().meta({ description: 'This page (the one asked for, within the pages that exist)' }),
  pages: z.int().meta({ description: 'How many pages in all (at least 1)' }),
  count: z.int().meta({ description: 'Rows before this page: a row’s number is its index + 1 + count' }),
  total: z.int().meta({ description: 'Rows in all' }),
};

/** The admin lists (GET /api/users/admin and the like) also say how many rows a page holds. */
export const adminPaging = { ...paging, pageSize: z.int().meta({ description: 'Rows a page holds (1–100)' }) };

export type AdminPagingShape = z.infer<z.ZodObject<typeof adminPaging>>;
