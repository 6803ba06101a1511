/**
 * Filters chosen in the phone's filter drawer (FilterSidebar.astro) apply there, as on Coursera or Class Central:
 * a tap marks the option without a reload, every option's link and count follow the filters chosen so far, and
 * "Show N results" counts what they give, from the search API (docs/product.md#the-rest-api: the same answer for everyone,
 * cached like the page). The button goes to their address; the drawer closed without it forgets them. Outside
 * the open drawer (from lg the filters are a column) and without JavaScript each option is a link that applies
 * at once.
 */
import { parseSearchParams, searchQueryString, type SearchParams } from '#db/catalog/validation/search.ts';
import { pathOf } from '#site/lib/api.ts';
import {
  optionLink,
  searchHref,
  showResultsLabel,
  type FacetCounts,
  type FilterKey,
} from '#site/search/search-page.ts';

interface SearchAnswer {
  countContents: number;
  facets: FacetCounts;
}

/** Takes the clicks on `drawer`'s options while it is open; `forget` goes back to the filters the page applies. */
export function chooseInDrawer(drawer: HTMLElement): { forget: () => void } {
  const show = drawer.querySelector<HTMLAnchorElement>('[data-show-results]');
  const applied = parseSearchParams(new URLSearchParams(location.search));
  let chosen = applied;
  // Taps can come faster than answers: only the latest one is shown.
  let asked = 0;

  /** The marks and links of what is chosen; the counts too once the answer is there. */
  function paint(answer?: SearchAnswer): void {
    for (const group of drawer.querySelectorAll<HTMLElement>('[data-filter-group]')) {
      const key = group.dataset.filterGroup as FilterKey;
      const value = String(chosen[key]);
      for (const link of group.querySelectorAll<HTMLAnchorElement>('a[data-filter-value]')) {
        const option = link.dataset.filterValue!;
        // Toggled in or out of a group that takes several, else replacing the one applied.
        const { active, href } = optionLink(chosen, key, option);
        link.href = href;
        if (active) link.setAttribute('aria-current', 'true');
        else link.removeAttribute('aria-current');
        const count = link.querySelector('[data-filter-count]');
        if (!answer || !count) continue;
        link.dataset.count = String(answer.facets[key]?.[option] ?? 0);
        count.textContent = `(${link.dataset.count})`;
      }
      const hint = group.querySelector<HTMLElement>('[data-filtered-hint]');
      if (hint) hint.hidden = value === 'all';
    }
    if (!show) return;
    show.href = searchHref(chosen);
    if (answer) show.textContent = showResultsLabel(answer.countContents);
  }

  async function choose(next: SearchParams): Promise<void> {
    chosen = next;
    const ask = ++asked;
    paint();
    show?.setAttribute('aria-busy', 'true');
    try {
      const response = await fetch(pathOf('searchContents', { query: searchQueryString(chosen) }), {
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`search answered ${response.status}`);
      const answer = (await response.json()) as SearchAnswer;
      if (ask === asked) paint(answer);
    } catch {
      // No count to show: the button still goes to the right address.
      if (ask === asked && show) show.textContent = 'Show results';
    } finally {
      if (ask === asked) show?.removeAttribute('aria-busy');
    }
  }

  drawer.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-filter-value]');
    const plainClick = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (!link || !plainClick || !drawer.matches(':popover-open')) return;
    event.preventDefault();
    // Its address is the search with this option applied to what is chosen so far.
    void choose(parseSearchParams(new URL(link.href).searchParams));
  });
  // Nothing new chosen: the results are already on the page.
  show?.addEventListener('click', (event) => {
    if (searchHref(chosen) !== searchHref(applied)) return;
    event.preventDefault();
    drawer.hidePopover();
  });

  return {
    forget: () => {
      if (chosen !== applied) void choose(applied);
    },
  };
}
