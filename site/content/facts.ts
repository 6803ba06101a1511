/**
 * The facts that decide, as a page says them (docs/product.md#facts): only those known, each in a few words.
 * The content page, the cards and the compare table read them here, so they say them alike. Browser-safe.
 */
import type { Facts } from '#db/catalog/validation/facts.ts';
import { plural } from '#db/validation/text.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Hours as a person says them: "12 hours", "1.5 hours", "1 hour". */
export const hoursText = (hours: number) => {
  const shown = Math.round(hours * 10) / 10;
  return `${shown} ${shown === 1 ? 'hour' : 'hours'}`;
};

/** The effort and pace: "40 hours, self-paced", "12 hours", "Self-paced", "On a schedule"; null when neither is known. */
export function durationText(facts: Pick<Facts, 'hours' | 'selfPaced'>): string | null {
  const pace = facts.selfPaced === null ? null : facts.selfPaced ? 'self-paced' : 'on a schedule';
  if (facts.hours === null) return pace ? pace[0]!.toUpperCase() + pace.slice(1) : null;
  return pace ? `${hoursText(facts.hours)}, ${pace}` : hoursText(facts.hours);
}

/** A day, month or year as stored ("2024-03-05", "2024-03", "2024") in words: "5 Mar 2024", "Mar 2024", "2024". */
export function dayText(day: string): string {
  const [year, month, date] = day.split('-');
  const monthName = month ? MONTHS[Number(month) - 1] : undefined;
  if (!monthName) return year ?? day;
  return date ? `${Number(date)} ${monthName} ${year}` : `${monthName} ${year}`;
}

/** "1,204 saved · 310 finished it", the parts known; null when nobody has either. */
export function learnersText(learners: { saves: number; finished: number }): string | null {
  const parts = [
    learners.saves > 0 ? `${plural(learners.saves, 'learner')} saved it` : '',
    learners.finished > 0 ? `${learners.finished.toLocaleString('en-US')} finished it` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/** One fact a page shows: its title, its words, and the name tests and styles find it by. */
export interface FactRow {
  key: string;
  title: string;
  text: string;
}

/** The short facts of the "at a glance" list, in their order, those known only. */
export function glanceRows(facts: Facts): FactRow[] {
  const rows: Array<FactRow | null> = [
    facts.provider ? { key: 'provider', title: 'Provider', text: facts.provider } : null,
    durationText(facts) ? { key: 'duration', title: 'Duration', text: durationText(facts)! } : null,
    facts.format ? { key: 'format', title: 'Format', text: facts.format } : null,
    facts.lastUpdated ? { key: 'lastUpdated', title: 'Last updated', text: dayText(facts.lastUpdated) } : null,
  ];
  return rows.filter((row): row is FactRow => row !== null);
}

/** The few words a card has room for: provider and duration. */
export function cardFacts(facts: Pick<Facts, 'provider' | 'hours' | 'selfPaced'>): string[] {
  return [facts.provider, durationText(facts)].filter((text): text is string => Boolean(text));
}
