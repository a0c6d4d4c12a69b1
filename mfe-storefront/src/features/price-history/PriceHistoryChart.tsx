/**
 * The price history chart on uPlot, in the lazily loaded price history chunk:
 * the lowest total per day as a stepped line (a price holds until it changes), optionally each
 * store's line, and markers on the range's lowest, its highest and today's price.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatMoney, type ProductPriceHistory } from '@koopjesland/shared';

/** Colours of the lines and markers (the legend in PriceHistorySection uses the same). */
export const LOWEST_COLOR = '#1677ff';
export const MARKER_COLORS = { lowest: '#389e0d', highest: '#cf1322', today: '#1677ff' } as const;
const STORE_COLORS = ['#fa8c16', '#722ed1', '#13c2c2', '#eb2f96', '#a0d911', '#faad14', '#2f54eb', '#8c8c8c'];
export const storeColor = (index: number) => STORE_COLORS[index % STORE_COLORS.length]!;

export interface PriceHistoryChartProps {
  history: ProductPriceHistory;
  showStores: boolean;
  height: number;
  language: string;
  labels: { lowest: string; lowestMarker: string; highestMarker: string; todayMarker: string };
  /** The day index under the pointer, null when it leaves the chart. */
  onHover?: (index: number | null) => void;
}

const secondsOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** Only the value at `index` (a marker drawn as a point), null elsewhere. */
function markerValues(length: number, index: number, value: number): (number | null)[] {
  return Array.from({ length }, (_, at) => (at === index ? value : null));
}

export default function PriceHistoryChart({ history, showStores, height, language, labels, onHover }: PriceHistoryChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const hover = useRef(onHover);
  hover.current = onHover;

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const { days, lowest } = history;
    const times = days.map(secondsOf);
    const last = days.length - 1;
    const markers: { label: string; color: string; day: string; total: number }[] = [];
    const { lowestInRange, highestInRange, current } = history;
    if (lowestInRange) markers.push({ label: labels.lowestMarker, color: MARKER_COLORS.lowest, ...lowestInRange });
    if (highestInRange && highestInRange.total !== lowestInRange?.total) {
      markers.push({ label: labels.highestMarker, color: MARKER_COLORS.highest, ...highestInRange });
    }
    if (current !== null) markers.push({ label: labels.todayMarker, color: MARKER_COLORS.today, day: days[last]!, total: current });
    const stores = showStores ? history.stores : [];
    const stepped = uPlot.paths.stepped?.({ align: 1 });
    const longRange = days.length > 366;
    const tickFormat = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', ...(longRange ? { year: '2-digit' } : {}), timeZone: 'UTC' });

    const chart = new uPlot(
      {
        width: element.clientWidth || 600,
        height,
        legend: { show: false },
        cursor: { drag: { x: false, y: false }, points: { size: 8 } },
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        series: [
          {},
          // Store lines first: the lowest line is drawn over them.
          ...stores.map((line, index) => ({ label: line.store.name, stroke: storeColor(index), width: 1.25, paths: stepped, points: { show: false } })),
          { label: labels.lowest, stroke: LOWEST_COLOR, width: 2.5, paths: stepped, points: { show: false } },
          ...markers.map((marker) => ({
            label: marker.label,
            stroke: marker.color,
            fill: marker.color,
            paths: () => null,
            points: { show: true, size: 11, stroke: '#fff', fill: marker.color, width: 2 },
          })),
        ],
        axes: [
          { values: (_chart, ticks) => ticks.map((tick) => tickFormat.format(new Date(tick * 1000))) },
          { values: (_chart, ticks) => ticks.map((tick) => formatMoney(tick)), size: 84 },
        ],
        hooks: {
          setCursor: [
            (chart) => {
              const index = chart.cursor.idx;
              hover.current?.(index === null || index === undefined ? null : index);
            },
          ],
        },
      },
      [
        times,
        ...stores.map((line) => line.totals),
        lowest,
        ...markers.map((marker) => markerValues(days.length, days.indexOf(marker.day), marker.total)),
      ] as uPlot.AlignedData,
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth || 600, height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [history, showStores, height, language, labels]);

  return <div ref={container} style={{ height }} />;
}
