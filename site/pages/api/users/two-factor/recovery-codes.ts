import { renewRecoveryCodes } from '#db/accounts/two-factor.ts';
import { handle } from '#site/lib/server/handle.ts';

export const POST = handle('renewRecoveryCodes', ({ db, user, body }) => renewRecoveryCodes(db, user.id, body));
