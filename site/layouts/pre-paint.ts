/**
 * The inline head script of every page, and its CSP hash, taken of the very text sent. It runs before anything
 * is drawn: it sets the theme the user chose (site/lib/theme.ts), and on a catalog page, made once for
 * everyone (the root marked data-shared), it paints who is signed in (site/session/paint.ts); on the home page, the subject the visitor last
 * browsed (site/content/subject-choice.ts). Its
 * functions are sent as their own source text, so they import nothing and use nothing from outside
 * themselves. Composed here, on the server, so the text is not shipped again in the pages' module scripts.
 */
import { createHash } from 'node:crypto';
import { PAINTED, paintElement, prePaint, readPaintState } from '#site/session/paint.ts';
import { paintSubjectChoice, SUBJECT_CHOICE, SUBJECT_KEY } from '#site/content/subject-choice.ts';
import { applyThemeChoice, THEME_KEY } from '#site/lib/theme.ts';

export const PRE_PAINT_SCRIPT = [
  `(${applyThemeChoice})(${JSON.stringify(THEME_KEY)});`,
  `${readPaintState}\n${paintElement}`,
  `if (document.documentElement.hasAttribute('data-shared')) (${prePaint})(${JSON.stringify(PAINTED)});`,
  `if (document.documentElement.hasAttribute('data-subject-choice')) (${paintSubjectChoice})(${JSON.stringify(SUBJECT_KEY)}, ${JSON.stringify(SUBJECT_CHOICE)});`,
].join('\n');

export const PRE_PAINT_HASH = `sha256-${createHash('sha256').update(PRE_PAINT_SCRIPT).digest('base64')}` as const;
