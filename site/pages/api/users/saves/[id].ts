/**
 * /api/users/saves/{id}. Astro allows one dynamic file per folder, so the id names two things:
 * - GET: the saves of the user {id} (the user themself or an admin);
 * - PUT / DELETE: the caller saves / unsaves the content {id}. Unlike the toggle (POST /api/users/save),
 *   they say which state is wanted, so a retry or a double click cannot flip it back. PUT's optional body
 *   `{savedAt}` restores a removed save in its place (Undo).
 * Each answers `{numSaves, saves}`.
 */
import { readSaves, saveContent, unsaveContent } from '#db/shelf/saves.ts';
import { handle } from '#site/lib/server/handle.ts';

export const GET = handle('userSaves', ({ db, user, params }) => readSaves(db, user, params.id));

export const PUT = handle('save', ({ db, user, params, body }) => saveContent(db, user.id, params.id, body));

export const DELETE = handle('unsave', ({ db, user, params }) => unsaveContent(db, user.id, params.id));
