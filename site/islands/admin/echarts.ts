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

export interface Slice {
  name: string;
  value: number;
}

/** Draws a pie of `slices` into `element` (which must have its size) and returns the chart to dispose of. */
export function renderPie(element: HTMLElement, seriesName: string, slices: readonly Slice[]): ECharts {
  const chart = init(element, null, { renderer: 'svg' });
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const option: PieOption = {
    animation: !reducedMotion,
    legend: { bottom: 0, left: 'center' },
    series: [
      {
        name: seriesName,
        type: 'pie',
        radius: ['0%', '60%'],
        center: ['50%', '45%'],
        data: slices.map((slice) => ({ ...slice })),
        label: { formatter: '{b}: {c} ({d}%)' },
        emphasis: { itemStyle: { shadowBlur: 10, shadowColor: 'rgba(0, 0, 0, 0.4)' } },
      },
    ],
  };
  chart.setOption(option);
  return chart;
}
