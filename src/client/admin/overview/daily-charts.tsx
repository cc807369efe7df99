import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './daily-charts.css';
import { admin as copy } from '../../../content/admin.ts';
import type { AdminDailyPoint } from '../../../shared/admin.ts';
import { formatBRL, formatDay } from '../format.ts';

/** Charts by day (uPlot: small, canvas-based, kept in this lazily loaded chunk only). */

const FUNNEL_COLORS = ['#94a3b8', '#fbbf24', '#60a5fa', '#c084fc', '#32bcad', '#22c55e'];
const FUNNEL_KEYS = ['presell_view', 'presell_yes', 'landing_view', 'begin_checkout', 'order_created', 'order_paid'];

function Chart({ title, options, data }: { title: string; options: Omit<uPlot.Options, 'width' | 'height'>; data: uPlot.AlignedData }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const size = () => ({ width: Math.max(260, element.clientWidth), height: 220 });
    const plot = new uPlot({ ...options, ...size() }, data, element);
    const observer = new ResizeObserver(() => plot.setSize(size()));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [options, data]);
  return (
    <figure className="rounded-2xl border border-line bg-ink-850 p-4">
      <figcaption className="text-base font-extrabold text-white">{title}</figcaption>
      <div ref={box} className="mt-3 w-full overflow-hidden text-slate-300" role="img" aria-label={title} />
    </figure>
  );
}

const axisStyle = { stroke: '#94a3b8', grid: { stroke: '#25324d', width: 1 }, ticks: { stroke: '#25324d' } };

export default function DailyCharts({ daily }: { daily: AdminDailyPoint[] }) {
  const x = daily.map((_, index) => index);
  const dayLabel = (index: number) => (daily[index] ? formatDay(daily[index].day) : '');
  const xAxis = { ...axisStyle, values: (_: uPlot, ticks: number[]) => ticks.map((tick) => dayLabel(Math.round(tick))) };
  const xScale = { x: { time: false } };

  const revenueOptions: Omit<uPlot.Options, 'width' | 'height'> = {
    scales: xScale,
    legend: { show: false },
    axes: [xAxis, { ...axisStyle, size: 70, values: (_: uPlot, ticks: number[]) => ticks.map((tick) => formatBRL(tick)) }],
    series: [{}, { label: copy.overview.revenue, stroke: '#22c55e', fill: 'rgba(34,197,94,0.15)', width: 2 }],
  };
  const funnelOptions: Omit<uPlot.Options, 'width' | 'height'> = {
    scales: xScale,
    // A key of colours, not a live read-out: the table above has the numbers.
    legend: { live: false },
    axes: [xAxis, { ...axisStyle, size: 40 }],
    series: [{}, ...FUNNEL_KEYS.map((key, index) => ({ label: copy.overview.funnelSteps[key], stroke: FUNNEL_COLORS[index], width: 2 }))],
  };
  return (
    <div className="grid items-start gap-3 lg:grid-cols-2">
      <Chart title={copy.overview.revenueChart} options={revenueOptions} data={[x, daily.map((point) => point.revenueCents)]} />
      <Chart
        title={copy.overview.funnelChart}
        options={funnelOptions}
        data={[x, ...FUNNEL_KEYS.map((_, step) => daily.map((point) => point.funnel[step] ?? 0))]}
      />
    </div>
  );
}
