import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  readonly label: string;
  readonly values: readonly (number | null)[];
  /** A CSS custom property of the theme, e.g. --allow. */
  readonly colorVar: string;
}

interface ChartProps {
  readonly title: string;
  /** Unix seconds for time axes; small integers for category axes. */
  readonly x: readonly number[];
  readonly series: readonly ChartSeries[];
  readonly time?: boolean;
  readonly xLabels?: readonly string[];
  readonly yLabel: string;
}

function themeColor(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888';
}

/** A uPlot chart sized to its container; redrawn when its data changes. */
export function Chart({ title, x, series, time = true, xLabels, yLabel }: ChartProps) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const axisColor = themeColor('--muted');
    const gridColor = themeColor('--border');
    const options: uPlot.Options = {
      title,
      width: Math.max(280, element.clientWidth),
      height: 220,
      scales: { x: { time } },
      axes: [
        {
          stroke: axisColor,
          grid: { stroke: gridColor },
          ...(xLabels ? { values: (_self: uPlot, ticks: number[]) => ticks.map((tick) => xLabels[tick] ?? '') } : {}),
        },
        { stroke: axisColor, grid: { stroke: gridColor }, label: yLabel },
      ],
      series: [
        {},
        ...series.map((entry) => {
          const color = themeColor(entry.colorVar);
          return {
            label: entry.label,
            stroke: color,
            width: 2,
            points: { show: true, size: 7, fill: color },
          };
        }),
      ],
    };
    const data = [x as number[], ...series.map((entry) => entry.values as (number | null)[])] as uPlot.AlignedData;
    const plot = new uPlot(options, data, element);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(280, element.clientWidth), height: 220 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [title, x, series, time, xLabels, yLabel]);
  return <div class="chart" ref={holder} role="img" aria-label={title} />;
}
