/**
 * A small time-series line chart on uPlot, in its own chunk: pages load it with
 * `LazyLineChart`, so only the pages that draw a chart download the library.
 */
import { useAdminDates } from '@koopjesland/shared/admin';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface LineSeries {
  label: string;
  color: string;
  values: (number | null)[];
  /** Draw on the right-hand axis (a second unit). */
  rightAxis?: boolean;
  /** Steps instead of slopes (prices hold until they change). */
  stepped?: boolean;
}

export interface LineChartProps {
  /** Unix seconds, ascending. */
  times: number[];
  series: LineSeries[];
  height?: number;
  /** Value formatters for the left and right axes. */
  formatLeft?: (value: number) => string;
  formatRight?: (value: number) => string;
}

export default function LineChart({ times, series, height = 240, formatLeft, formatRight }: LineChartProps) {
  const container = useRef<HTMLDivElement>(null);
  // Times on the axis and in the legend in the admin's one date format, not uPlot's own.
  const { dateTime } = useAdminDates();

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const hasRight = series.some((line) => line.rightAxis);
    const axisValues = (format?: (value: number) => string) =>
      format ? (_chart: uPlot, ticks: number[]) => ticks.map((tick) => format(tick)) : undefined;
    const chart = new uPlot(
      {
        width: element.clientWidth || 600,
        height,
        series: [
          { value: (_chart: uPlot, seconds: number | null) => (seconds === null ? '' : dateTime(seconds * 1000)) },
          ...series.map((line) => ({
            label: line.label,
            stroke: line.color,
            width: 2,
            scale: line.rightAxis ? 'right' : 'left',
            paths: line.stepped ? uPlot.paths.stepped?.({ align: 1 }) : undefined,
            points: { show: times.length < 60 },
          })),
        ],
        scales: { left: {}, right: {} },
        axes: [
          { values: (_chart: uPlot, ticks: number[]) => ticks.map((seconds) => dateTime(seconds * 1000)), space: 120, size: 40 },
          { scale: 'left', values: axisValues(formatLeft), size: 70 },
          ...(hasRight ? [{ scale: 'right', side: 1 as const, values: axisValues(formatRight), grid: { show: false }, size: 60 }] : []),
        ],
      },
      [times, ...series.map((line) => line.values)],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth || 600, height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [times, series, height, formatLeft, formatRight, dateTime]);

  return <div ref={container} />;
}
