import { resendVerification } from '#db/accounts/email-verification.ts';
import { handle } from '#site/lib/server/handle.ts';

export const POST = handle('resendVerification', ({ db, user }) => resendVerification(db, user.id));
