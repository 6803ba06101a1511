/**
 * One dashboard pie (docs/product.md#pages Dashboard): 100% wide, 600px high, 'Loading Chart...' under the pie's
 * grey outline until echarts has loaded (lazily: the chunk is fetched only when a chart hydrates) and drawn. The numbers behind it are
 * also in the page as a table, so the chart itself is one labelled image for assistive technology.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { pieSlices } from '#site/admin/pie-slices.ts';

interface Props {
  /** The chart's name ('Categories'): its accessible label and the series name in the tooltip. */
  label: string;
  /** docs/product.md#what-is-stored's summary lists: the tag label as _id, the number of contents carrying it. */
  data: ReadonlyArray<{ _id: string; count: number }>;
}

export default function PieChart({ label, data }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const slices = useMemo(() => pieSlices(data.map((d) => ({ name: d._id, value: d.count }))), [data]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let disposed = false;
    let cleanup = () => {};
    import('./echarts.ts')
      .then(({ renderPie }) => {
        if (disposed) return;
        const { resize, stop } = renderPie(element, label, slices);
        const observer = new ResizeObserver(resize);
        observer.observe(element);
        cleanup = () => {
          observer.disconnect();
          stop();
        };
        setStatus('ready');
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!disposed) setStatus('error');
      });
    return () => {
      disposed = true;
      cleanup();
    };
  }, [label, slices]);

  const summary = data.map((d) => `${d._id}: ${d.count}`).join(', ');
  return (
    <div className="relative w-full" style={{ height: 600 }}>
      <div
        ref={container}
        className="h-full w-full"
        role="img"
        aria-label={`${label} pie chart. ${summary}`}
        data-chart={label}
      />
      {status === 'loading' && (
        // The pie's shape and its legend's lines where they will be drawn (a lower chart waits to be scrolled to):
        // a blank 600 px with a line of text in it read as a broken page.
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-6" data-chart-placeholder>
          <div className="rounded-full bg-base-200" style={{ width: 240, height: 240 }} aria-hidden="true" />
          <div className="flex w-40 flex-col gap-2" aria-hidden="true">
            {[100, 80, 90, 60].map((width) => (
              <div key={width} className="h-2 rounded-full bg-base-200" style={{ width: `${width}%` }} />
            ))}
          </div>
          <p className="text-sm text-base-content/70" role="status">
            Loading Chart...
          </p>
        </div>
      )}
      {status === 'error' && (
        <p className="absolute inset-0 flex items-center justify-center text-base-content/70" role="alert">
          The chart could not be loaded. Reload the page to try again.
        </p>
      )}
    </div>
  );
}
