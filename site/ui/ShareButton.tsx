/** The Share button in an island: the same as site/ui/ShareButton.astro, for a page React draws. */
import { shareLink } from './share.ts';

export function ShareButton({ url, title }: { url: string; title: string }) {
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm touch:btn-md"
      onClick={() => void shareLink(new URL(url, location.href).href, title)}
      data-share
    >
      Share
    </button>
  );
}
