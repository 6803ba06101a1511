import { beginTwoFactorSetup } from '#db/accounts/two-factor.ts';
import { handle } from '#site/lib/server/handle.ts';
import { signedInOrSettingUp } from '#site/lib/server/two-factor.ts';

export const POST = handle('beginTwoFactorSetup', ({ context }) =>
  beginTwoFactorSetup(signedInOrSettingUp(context).user),
);
