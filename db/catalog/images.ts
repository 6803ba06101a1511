/**
 * Content images: what is stored and what is shown (no imports, so forms in the browser may use it too).
 * A content without an image of its own shows a generated tile, served by the site at a stable path, so
 * every client of the API always has a displayable image URL.
 */
export const PLACEHOLDER_PATH = '/images/placeholder/';

/** The generated tile of the content with this slug (site/pages/images/placeholder/[file].ts draws it). */
export const placeholderImagePath = (slug: string) => `${PLACEHOLDER_PATH}${encodeURIComponent(slug)}.svg`;

/**
 * Whether an image (a path, or a URL as the API shows it) is a generated tile: stored as no image at all,
 * so the tile follows a renamed content, and shown as an empty field in the edit form.
 */
export function isPlaceholderImage(image: string): boolean {
  try {
    const { pathname } = new URL(image, 'http://placeholder.invalid');
    return pathname.startsWith(PLACEHOLDER_PATH) && pathname.endsWith('.svg');
  } catch {
    return false;
  }
}

/** Where this site serves images from: uploads and the generated tiles. */
const OWN_IMAGE_PATHS = ['/uploads/', PLACEHOLDER_PATH];

/**
 * Whether an image is a path of another site's, kept as a client sent it ('/images/default.png', an asset
 * of that client's own): the API answers it as sent, and our pages show the tile instead, since it cannot
 * be loaded here.
 */
export function isForeignPath(image: string): boolean {
  return image.startsWith('/') && !image.startsWith('//') && !OWN_IMAGE_PATHS.some((own) => image.startsWith(own));
}

/**
 * Whether an image is given by another site's address, as far as a form can tell (an http(s) URL of none of
 * our image paths): the server fetches and keeps it (db/catalog/pictures.ts), and no page of ours loads it
 * from there (the Content-Security-Policy allows this site's images only).
 */
export function isGivenByAddress(image: string): boolean {
  try {
    const { protocol, pathname } = new URL(image);
    return /^https?:$/.test(protocol) && !OWN_IMAGE_PATHS.some((own) => pathname.startsWith(own));
  } catch {
    return false;
  }
}
