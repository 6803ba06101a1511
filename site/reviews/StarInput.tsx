/**
 * The review's rating as five radio buttons drawn as stars: moving the pointer onto a star previews that
 * rating, the arrow keys move between them as in any radio group, and each is named "{n} star(s)".
 */
import { useState } from 'react';
import { RATING_SCALE } from '#site/lib/stars.ts';

const STEPS = Array.from({ length: RATING_SCALE }, (_, i) => i + 1);
const STAR = 'M12 3 14.47 9.6 21.51 9.91 15.99 14.3 17.88 21.09 12 17.2 6.12 21.09 8.01 14.3 2.49 9.91 9.53 9.6Z';

export function StarInput({ value, onValue }: { value: number; onValue: (value: number) => void }) {
  const [preview, setPreview] = useState<number | null>(null);
  const shown = preview ?? value;
  return (
    <fieldset className="fieldset">
      <legend className="fieldset-legend text-sm">Rating</legend>
      <div className="flex items-center" data-star-input>
        {STEPS.map((step) => (
          <label
            key={step}
            className="cursor-pointer p-0.5 touch:p-1.5"
            onMouseMove={(event) => {
              // Only a pointer that moved: the browser's own still "moves" after a layout (the form opened by a
              // click under the pointer) would preview the star that happens to be there.
              if (event.movementX !== 0 || event.movementY !== 0) setPreview(step);
            }}
            onMouseLeave={() => setPreview(null)}
          >
            <input
              type="radio"
              name="rating"
              value={step}
              checked={value === step}
              onChange={() => onValue(step)}
              className="peer sr-only"
              aria-label={`${step} ${step === 1 ? 'star' : 'stars'}`}
            />
            <svg
              aria-hidden="true"
              focusable="false"
              viewBox="0 0 24 24"
              className="size-8 rounded-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-primary"
            >
              <path
                d={STAR}
                className={`transition-colors ${step <= shown ? 'fill-amber-500' : 'fill-base-content/20'}`}
              />
            </svg>
          </label>
        ))}
        <span className="ms-2 text-sm text-base-content/80" aria-hidden="true">
          {shown > 0 ? `${shown} / ${RATING_SCALE}` : ''}
        </span>
      </div>
    </fieldset>
  );
}
