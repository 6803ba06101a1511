/**
 * A path's steps in their sections (decision 047): a step with a heading starts a section; the steps before
 * the first heading form one without a heading. Each section knows where its steps start, so numbering runs on.
 */
export interface PathSection<Item> {
  heading: string;
  /** The place of its first step in the whole path, from 0. */
  start: number;
  items: Item[];
}

export function pathSections<Item extends { section: string }>(items: readonly Item[]): PathSection<Item>[] {
  const sections: PathSection<Item>[] = [];
  items.forEach((item, index) => {
    const current = sections.at(-1);
    if (!current || item.section) sections.push({ heading: item.section, start: index, items: [item] });
    else current.items.push(item);
  });
  return sections;
}
