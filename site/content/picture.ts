/**
 * Whether a content has a picture this site can show, and its path. The generated tile is not a picture: a
 * card or page without one leads with its title and facts, a small tile beside the title (PlaceholderImage).
 */
import { isForeignPath, isPlaceholderImage } from '#db/catalog/images.ts';
import { sitePath } from '#site/lib/server/site-url.ts';

/** The picture's path on this site, or undefined when there is none to show (no image, the tile, another site's path). */
export function pictureSrc(image: string): string | undefined {
  return image && !isPlaceholderImage(image) && !isForeignPath(image) ? sitePath(image) : undefined;
}
