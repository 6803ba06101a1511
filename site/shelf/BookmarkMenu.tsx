/**
 * "Bookmarks" on the Saved page and My Lists: download one's saves, lists and progress in a format, or go
 * to the import screen. Plain links (the session cookie carries a GET), so the download is the browser's
 * own, named by the answer's Content-Disposition.
 */
import { pathOf } from '#site/lib/api.ts';

const FORMATS = [
  { format: 'html', label: 'Bookmark file (HTML, for browsers)' },
  { format: 'csv', label: 'Spreadsheet (CSV)' },
  { format: 'json', label: 'Data (JSON)' },
] as const;

export function BookmarkMenu() {
  return (
    <details className="dropdown sm:dropdown-end" data-bookmark-menu>
      <summary className="btn btn-sm btn-outline touch:min-h-11">Export / import</summary>
      <ul className="menu dropdown-content mt-1 w-72 rounded-box border border-base-300 bg-base-100 p-2 shadow-sm">
        <li className="menu-title text-base-content/80">Export your saves, lists and progress</li>
        {FORMATS.map(({ format, label }) => (
          <li key={format}>
            <a href={pathOf('exportBookmarks', { query: { format } })} download data-export-format={format}>
              {label}
            </a>
          </li>
        ))}
        <li className="menu-title text-base-content/80">From your browser</li>
        <li>
          <a href="/my-lists/import">Import bookmarks…</a>
        </li>
      </ul>
    </details>
  );
}
