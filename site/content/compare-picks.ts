/**
 * The resources picked for a comparison (docs/product.md#compare), kept in this browser (localStorage) across
 * pages: each card's and content page's "Compare" toggle adds or removes one (at most four), and a tray at
 * the foot of the page names them with the link to /compare/{slug}/{slug}… once there are two. Without
 * JavaScript the toggles stay invisible; a comparison's address works without it.
 */
const KEY = 'comparePicks';
export const MAX_PICKS = 4;

export interface Pick {
  slug: string;
  name: string;
}

export function readPicks(): Pick[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value)
      ? value.filter((p): p is Pick => typeof p?.slug === 'string' && typeof p?.name === 'string').slice(0, MAX_PICKS)
      : [];
  } catch {
    return [];
  }
}

export const writePicks = (picks: readonly Pick[]) => localStorage.setItem(KEY, JSON.stringify(picks));

/** The comparison's address for these picks. */
export const compareHref = (picks: readonly Pick[]) =>
  `/compare/${picks.map((p) => encodeURIComponent(p.slug)).join('/')}`;

function paint(): void {
  const picks = readPicks();
  const full = picks.length >= MAX_PICKS;
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-compare-toggle]')) {
    const picked = picks.some((p) => p.slug === button.dataset.slug);
    button.classList.remove('invisible');
    button.setAttribute('aria-pressed', String(picked));
    button.disabled = !picked && full;
    button.title = !picked && full ? `At most ${MAX_PICKS} resources` : '';
  }
  paintTray(picks);
}

/** Whether this page is the comparison of `picks` already: the tray would offer what is on the screen. */
function showing(picks: Pick[]): boolean {
  return picks.length >= 2 && new URL(compareHref(picks), location.href).pathname === location.pathname;
}

function paintTray(picks: Pick[]): void {
  let tray = document.querySelector<HTMLElement>('[data-compare-tray]');
  const shown = picks.length > 0 && !showing(picks);
  // Room at the page's foot, so the tray never covers its last lines.
  document.body.classList.toggle('pb-24', shown);
  if (!shown) {
    tray?.remove();
    return;
  }
  if (!tray) {
    tray = document.createElement('aside');
    tray.dataset.compareTray = '';
    tray.setAttribute('aria-label', 'Compare');
    tray.className =
      'fixed inset-x-2 bottom-2 z-40 mx-auto flex max-w-3xl flex-wrap items-center gap-2 rounded-box border border-base-300 bg-base-100 p-3 shadow-lg';
    document.body.append(tray);
  }
  const names = picks.map((p) => p.name).join(', ');
  tray.replaceChildren();
  const text = document.createElement('p');
  text.className = 'min-w-0 flex-1 truncate text-sm';
  text.textContent = `Compare (${picks.length}): ${names}`;
  text.title = names;
  tray.append(text);
  if (picks.length >= 2) {
    const link = document.createElement('a');
    link.href = compareHref(picks);
    link.className = 'btn btn-primary btn-sm';
    link.textContent = 'Compare now';
    link.dataset.compareLink = '';
    tray.append(link);
  } else {
    const hint = document.createElement('span');
    hint.className = 'text-sm text-base-content/80';
    hint.textContent = 'Pick one more';
    tray.append(hint);
  }
  const clear = document.createElement('button');
  clear.type = 'button';
  clear.className = 'btn btn-ghost btn-sm';
  clear.textContent = 'Clear';
  clear.addEventListener('click', () => {
    writePicks([]);
    paint();
  });
  tray.append(clear);
}

let mounted = false;

/** Wires every Compare toggle of the page and paints the tray; once per page, whoever calls it. */
export function mountComparePicks(): void {
  if (mounted) return;
  mounted = true;
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-compare-toggle]');
    if (!button?.dataset.slug) return;
    const picks = readPicks();
    const picked = picks.some((p) => p.slug === button.dataset.slug);
    writePicks(
      picked
        ? picks.filter((p) => p.slug !== button.dataset.slug)
        : [...picks, { slug: button.dataset.slug, name: button.dataset.name ?? button.dataset.slug }].slice(
            0,
            MAX_PICKS,
          ),
    );
    paint();
  });
  // Another tab's picks.
  window.addEventListener('storage', (event) => {
    if (event.key === KEY) paint();
  });
  paint();
}
