/**
 * Marks a submission's name that is only a guess from its address (nobody typed it, no page title replaced
 * it): the admin checks it before approving, as the queue and the edit screen ask.
 */
export const DERIVED_NAME_HINT = 'Made from the address: nobody typed this name. Check it before approving.';

export function DerivedNameBadge() {
  return (
    <span
      className="badge badge-warning badge-sm ml-1 h-auto whitespace-nowrap"
      title={DERIVED_NAME_HINT}
      data-name-derived
    >
      from URL<span className="sr-only"> ({DERIVED_NAME_HINT})</span>
    </span>
  );
}
