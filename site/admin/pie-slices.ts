/**
 * The slices a dashboard pie shows: the largest first, at most MAX_SLICES, the rest summed into one "Other"
 * slice (with an open taxonomy there may be dozens of tags, and slivers past a dozen are unreadable). Each
 * slice gets a colour of its own: the palette has as many colours as a pie has slices, "Other" is grey.
 */
export const MAX_SLICES = 12;

/** Twelve hues apart enough to tell neighbours apart (Tableau 10 and two more), readable on light and dark. */
export const PALETTE = [
  '#4e79a7',
  '#f28e2b',
  '#e15759',
  '#76b7b2',
  '#59a14f',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#17becf',
  '#8c564b',
  '#bcbd22',
] as const;
export const OTHER_COLOUR = '#9ca3af';

export interface PieSlice {
  name: string;
  value: number;
  colour: string;
}

export function pieSlices(data: ReadonlyArray<{ name: string; value: number }>, max = MAX_SLICES): PieSlice[] {
  const sorted = [...data].filter((d) => d.value > 0).sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
  const shown = sorted.length > max ? sorted.slice(0, max - 1) : sorted;
  const slices: PieSlice[] = shown.map((d, i) => ({
    name: d.name,
    value: d.value,
    colour: PALETTE[i % PALETTE.length]!,
  }));
  const rest = sorted.slice(shown.length);
  if (rest.length)
    slices.push({
      name: `Other (${rest.length} tags)`,
      value: rest.reduce((sum, d) => sum + d.value, 0),
      colour: OTHER_COLOUR,
    });
  return slices;
}
