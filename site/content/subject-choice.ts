/**
 * The subject a visitor last browsed (decision 037), kept in localStorage: a search filtered by one subject,
 * or the page of a content in it. The shared home page renders "Top rated in {subject}" for the most popular
 * subjects, all but the first hidden; the head script shows the remembered one instead, before the first
 * paint, when it is among them. Imports nothing: `paintSubjectChoice` is sent as its own source text.
 */
export const SUBJECT_KEY = 'preferredSubject';
/** The sections offered for a choice: each names its subject, and all the subjects offered beside it. */
export const SUBJECT_CHOICE = '[data-top-rated-subject]';

export function rememberSubject(subject: string): void {
  try {
    localStorage.setItem(SUBJECT_KEY, subject);
  } catch {
    // Storage refused (private mode, quota): the home page keeps its default.
  }
}

/** Head-time: shows the remembered subject's section and hides the others, as the parser adds them. */
export function paintSubjectChoice(key: string, selector: string): void {
  let chosen: string | null = null;
  try {
    chosen = localStorage.getItem(key);
  } catch {
    return;
  }
  if (!chosen) return;
  const paint = (section: HTMLElement) => {
    if ((section.dataset.topRatedOffered ?? '').split(' ').includes(chosen))
      section.hidden = section.dataset.topRatedSubject !== chosen;
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes)
        if (node.nodeType === 1 && (node as Element).matches(selector)) paint(node as HTMLElement);
    }
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener('DOMContentLoaded', () => observer.disconnect(), { once: true });
}
