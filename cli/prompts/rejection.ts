/** Why submissions are rejected, asked once for all of them: a reason of the fixed set (or none) and an optional note. */
import { REJECT_NOTE_MAX, REJECT_REASONS, type RejectionInput } from '#db/submissions/validation/rejection.ts';
import { ask, context } from './ask.ts';

export async function askRejection(count: number): Promise<RejectionInput> {
  const them = count === 1 ? 'it' : `the ${count}`;
  const reason = await ask(({ select }) =>
    select(
      {
        message: `Why reject ${them}? (the ${count === 1 ? 'submitter reads' : 'submitters read'} it)`,
        choices: [
          { value: '', name: 'No reason given' },
          ...REJECT_REASONS.map((r) => ({ value: r.code, name: r.label })),
        ],
        default: '',
        loop: false,
      },
      context,
    ),
  );
  const note = await ask(({ input }) =>
    input(
      {
        message: 'A note to the submitter (optional, enter for none):',
        validate: (value) => value.trim().length <= REJECT_NOTE_MAX || `At most ${REJECT_NOTE_MAX} characters`,
      },
      context,
    ),
  );
  return {
    ...(reason ? { reason: reason as RejectionInput['reason'] } : {}),
    ...(note.trim() ? { note: note.trim() } : {}),
  };
}
