/** The line chart, loaded on first use (a dynamic import keeps uPlot out of the other pages). */
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { LineChartProps } from './LineChart';

const LineChart = lazy(() => import('./LineChart'));

export function LazyLineChart(props: LineChartProps) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: props.height ?? 240 }} />}>
      <LineChart {...props} />
    </Suspense>
  );
}
