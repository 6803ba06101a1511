/**
 * The only way into echarts: the core with the pie chart, the plain legend and the SVG renderer, nothing
 * else, so the chunk stays small. Imported lazily by PieChart.tsx, so only the dashboard ever loads it.
 *
 * No tooltip: it would add about 26 KB gzipped (a fifth of the chunk) to repeat what the slice labels
 * already say (name, count, share); the plain legend (about 4 KB) wraps instead of scrolling, which
 * needs no extra code. Measured with esbuild on echarts 6.1.
 */
import { init, use, type ComposeOption, type ECharts } from 'echarts/core';
import { PieChart, type PieSeriesOption } from 'echarts/charts';
import { LegendPlainComponent, type LegendComponentOption } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

use([PieChart, LegendPlainComponent, SVGRenderer]);

type PieOption = ComposeOption<PieSeriesOption | LegendComponentOption>;

export type { PieSlice } from '#site/admin/pie-slices.ts';
import type { PieSlice } from '#site/admin/pie-slices.ts';

/** Below this width the slice labels would be cut ("Sof…"): the legend below the pie names the slices instead. */
const NARROW = 640;

function pieOption(
  seriesName: string,
  slices: readonly PieSlice[],
  width: number,
  reducedMotion: boolean,
  ink: string,
): PieOption {
  const narrow = width < NARROW;
  return {
    animation: !reducedMotion,
    // The page's text colour, so labels and legend read in the light and the dark theme alike.
    textStyle: { color: ink },
    legend: narrow
      ? {
          bottom: 0,
          left: 'center',
          orient: 'vertical',
          textStyle: { color: ink },
          formatter: (name: string) => `${name}: ${slices.find((s) => s.name === name)?.value ?? ''}`,
        }
      : { bottom: 0, left: 'center', textStyle: { color: ink } },
    series: [
      {
        name: seriesName,
        type: 'pie',
        radius: ['0%', narrow ? '45%' : '60%'],
        center: ['50%', narrow ? '30%' : '45%'],
        data: slices.map((slice) => ({ name: slice.name, value: slice.value, itemStyle: { color: slice.colour } })),
        // A content carries several tags of a kind, so a slice's share is of the tags given, not of contents.
        label: narrow ? { show: false } : { formatter: '{b}: {c} ({d}% of tags)', color: ink },
        emphasis: { itemStyle: { shadowBlur: 10, shadowColor: 'rgba(0, 0, 0, 0.4)' } },
      },
    ],
  };
}

/**
 * Draws a pie of `slices` into `element` (which must have its size) and returns the chart; `resize` redraws
 * it for a new width (labels on the slices when wide, a legend with the counts below when narrow), and it
 * redraws itself in the page's text colour when the theme changes. `stop` ends both.
 */
export function renderPie(
  element: HTMLElement,
  seriesName: string,
  slices: readonly PieSlice[],
): { chart: ECharts; resize: () => void; stop: () => void } {
  const chart = init(element, null, { renderer: 'svg' });
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const draw = () =>
    chart.setOption(
      pieOption(seriesName, slices, element.clientWidth, reducedMotion, getComputedStyle(element).color),
      { notMerge: true },
    );
  let narrow = element.clientWidth < NARROW;
  draw();
  const resize = () => {
    chart.resize();
    if (element.clientWidth < NARROW === narrow) return;
    narrow = !narrow;
    draw();
  };
  // The theme changes with the top bar's toggle (the root's data-theme) or with the system's preference.
  const themeChange = new MutationObserver(draw);
  themeChange.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  const scheme = window.matchMedia('(prefers-color-scheme: dark)');
  scheme.addEventListener('change', draw);
  const stop = () => {
    themeChange.disconnect();
    scheme.removeEventListener('change', draw);
    chart.dispose();
  };
  return { chart, resize, stop };
}
