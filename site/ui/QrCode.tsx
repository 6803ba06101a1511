/**
 * A QR code of a text (an authenticator app's otpauth:// link), drawn as one SVG path: dark modules on white
 * with the four-module quiet zone the standard asks for, in either theme, since scanners read dark on light.
 * The encoder (uqr) loads when a code is first shown, into a square kept for it, so nothing moves; should it
 * fail to load, the square stays empty and the text beside it still serves.
 */
import { useEffect, useState } from 'react';

/** The quiet zone around the code, in modules. */
const QUIET = 4;

/** One path of a unit square per dark module: `M3 4h1v1h-1z…`. */
export function modulesPath(modules: boolean[][]): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return parts.join('');
}

export default function QrCode({ text, label }: { text: string; label: string }) {
  const [drawn, setDrawn] = useState<{ path: string; size: number } | null>(null);
  useEffect(() => {
    let current = true;
    import('uqr')
      .then(({ encode }) => {
        const { data, size } = encode(text, { ecc: 'M', border: QUIET });
        if (current) setDrawn({ path: modulesPath(data), size });
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [text]);
  return (
    <div className="size-44 shrink-0 rounded bg-white" data-qr-code>
      {drawn && (
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${drawn.size} ${drawn.size}`}
          shapeRendering="crispEdges"
          className="size-full"
        >
          <path d={drawn.path} fill="#000" />
        </svg>
      )}
    </div>
  );
}
