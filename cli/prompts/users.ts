/**
 * The questions of `users create`. Answers are checked as they are typed with the zod rules the API's
 * sign-up uses, so a typo is caught at its prompt rather than after the last one.
 */
import { signUpInput, type SignUpInput } from '#db/accounts/validation/users.ts';
import { ask, context } from './ask.ts';

export async function askNewUser(known: Partial<SignUpInput>): Promise<SignUpInput> {
  const name = known.name ?? (await ask(({ input }) => input({ message: 'Name', validate: ruleOf('name') }, context)));
  const email =
    known.email ?? (await ask(({ input }) => input({ message: 'Email', validate: ruleOf('email') }, context)));
  const chosen = known.password ?? (await askNewPassword());
  return { name, email, password: chosen };
}

/** A hidden password typed twice; on a mismatch both are asked again (the first may be the mistyped one). */
async function askNewPassword(): Promise<string> {
  for (;;) {
    const first = await ask(({ password }) =>
      password({ message: 'Password', mask: true, validate: ruleOf('password') }, context),
    );
    const again = await ask(({ password }) => password({ message: 'Repeat password', mask: true }, context));
    if (again === first) return first;
    process.stderr.write('Passwords do not match, try again.\n');
  }
}

function ruleOf(field: keyof SignUpInput): (value: string) => true | string {
  return (value) => {
    const result = signUpInput.shape[field].safeParse(value);
    return result.success || (result.error.issues[0]?.message ?? `${field} is invalid`);
  };
}
