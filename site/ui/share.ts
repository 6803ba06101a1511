/**
 * Sharing an address: the phone's share sheet where there is one (a coarse pointer: on a desktop the sheet is
 * a detour), else the address copied, said in a toast. Used by the Share buttons of compare, lists and paths.
 */
import { toast } from '#site/stores/toasts.ts';

export async function shareLink(url: string, title: string): Promise<void> {
  if (navigator.share && matchMedia('(pointer: coarse)').matches) {
    try {
      await navigator.share({ title, url });
    } catch {
      // Closed without sharing: nothing to say.
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    toast('success', 'Link copied');
  } catch {
    toast('error', `Could not copy the link: ${url}`);
  }
}

/** Wires every server-drawn `[data-share]` button of the page, shown once it can work (it needs JavaScript). */
export function wireShareButtons(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-share]')) {
    button.classList.remove('invisible');
    button.addEventListener('click', () => {
      const url = button.dataset.shareUrl ? new URL(button.dataset.shareUrl, location.href).href : location.href;
      void shareLink(url, button.dataset.shareTitle ?? document.title);
    });
  }
}
