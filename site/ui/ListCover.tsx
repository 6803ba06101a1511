/**
 * A list's cover: its first resources' pictures (up to 4) in a grid, one filling it alone, two side by side,
 * three with the first down the left, four in quarters; a resource without a picture of its own shows its
 * generated tile (site/ui/placeholder.ts), as its card does; an empty list a plain tile. Decorative: the list's
 * name is written beside it. Drawn the same on the server and in the browser, so an island hydrates it as is.
 */
import { isForeignPath, isPlaceholderImage } from '#db/catalog/images.ts';
import { placeholderTile } from './placeholder.ts';

export interface CoverPicture {
  name: string;
  image: string;
}

/** The picture's path on this site (every picture is served here), or null for the generated tile. */
function ownPath(image: string): string | null {
  if (!image || isPlaceholderImage(image)) return null;
  let path: string;
  try {
    const url = new URL(image, 'http://own.invalid');
    path = url.pathname + url.search;
  } catch {
    return null;
  }
  return isForeignPath(path) ? null : path;
}

function Tile({ picture, className }: { picture: CoverPicture; className: string }) {
  const path = ownPath(picture.image);
  if (path) return <img src={path} alt="" loading="lazy" decoding="async" className={`${className} object-cover`} />;
  const tile = placeholderTile(picture.name);
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 160 90"
      preserveAspectRatio="xMidYMid slice"
      className={className}
      focusable="false"
    >
      <rect width="160" height="90" fill={tile.background} />
      <text
        x="80"
        y="47"
        fill="#fff"
        fontSize="44"
        fontWeight="700"
        fontFamily="system-ui, sans-serif"
        textAnchor="middle"
        dominantBaseline="central"
      >
        {tile.letter}
      </text>
    </svg>
  );
}

const LAYOUTS: Record<number, string> = {
  1: 'grid-cols-1',
  2: 'grid-cols-2',
  3: 'grid-cols-2 grid-rows-2 [&>*:first-child]:row-span-2',
  4: 'grid-cols-2 grid-rows-2',
};

export function ListCover({ pictures, className = '' }: { pictures: readonly CoverPicture[]; className?: string }) {
  const shown = pictures.slice(0, 4);
  return (
    <div
      aria-hidden="true"
      className={`grid aspect-video shrink-0 gap-0.5 overflow-hidden rounded-box bg-base-300 ${LAYOUTS[shown.length] ?? ''} ${className}`}
      data-list-cover
      data-pictures={shown.length}
    >
      {shown.map((picture) => (
        // A content's image address is its own (a generated tile's names its slug).
        <Tile key={picture.image} picture={picture} className="block h-full w-full" />
      ))}
    </div>
  );
}
