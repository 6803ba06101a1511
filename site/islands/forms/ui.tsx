/**
 * The names this module had before the field kit (./fields.tsx) and the form hook (./use-form.ts) took them
 * over, for the islands not moved yet (site/islands/reviews). New code imports those two modules.
 */
export { Field, FormAlert, SubmitButton } from './fields.tsx';
export { fieldErrors, type FieldErrors } from './use-form.ts';
export { PASSWORD_MISMATCH } from '#db/validation/users.ts';
