/** Saves as users send them. */
import { singleLine, z } from '../../validation/zod.ts';

/** The saves one account may hold: a lifetime of learning, well past what a page of them shows. */
export const SAVES_MAX = 5000;
export const SAVES_FULL = `You hold ${SAVES_MAX.toLocaleString('en')} saved resources, the most an account may: remove some to save more`;

export const saveInput = z.object({
  contentId: singleLine('contentId is required').min(1, 'contentId is required').max(100, 'Content not found'),
});

/** PUT /api/users/saves/{id}'s optional body: the date of a save being restored (Undo), to keep its place. */
export const saveRestoreInput = z.object({
  savedAt: z.iso
    .datetime({ offset: true, error: 'savedAt must be a date and time (ISO 8601, e.g. 2026-11-23T10:15:00.000Z)' })
    .transform((value) => new Date(value))
    .optional(),
});
