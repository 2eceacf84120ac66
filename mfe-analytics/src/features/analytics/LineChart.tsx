import { useEffect, useRef, useState } from 'react';
import UPlot from 'uplot';
// This module is loaded lazily (Trends.tsx): uPlot and its styles arrive with the first chart only.
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: number[];
  /** A theme token, e.g. --sniff-primary: the chart follows light and dark. */
  colorToken: string;
}

/**
 * A line chart drawn by uPlot, in a chunk of its own loaded only when a chart is shown. Decorative for assistive technology: each chart's panel has the same data as a table.
 */
export function LineChart({ labels, series, unit = '' }: { labels: string[]; series: ChartSeries[]; unit?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const key = JSON.stringify([labels, series]);

  useEffect(() => {
    let chart: { destroy(): void } | null = null;
    let live = true;
    (() => {
      try {
        const el = box.current;
        if (!live || !el) return;
        const css = getComputedStyle(document.documentElement);
        const token = (name: string) => css.getPropertyValue(name).trim() || '#6d28d9';
        const text = token('--sniff-text');
        const grid = token('--sniff-border');
        const xs = labels.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
        chart = new UPlot(
          {
            width: Math.max(280, el.clientWidth),
            height: 220,
            // Names only: a live legend reads "Time: -- Searches: --" until the pointer is over the chart.
            legend: { show: true, live: false },
            scales: { x: { time: true } },
            axes: [
              { stroke: text, grid: { stroke: grid } },
              { stroke: text, grid: { stroke: grid }, values: (_u, ticks) => ticks.map((t) => `${t}${unit}`) },
            ],
            series: [
              {},
              ...series.map((s) => ({
                label: s.label,
                stroke: token(s.colorToken),
                width: 2,
                points: { show: false },
              })),
            ],
          },
          [xs, ...series.map((s) => s.values)],
          el,
        );
      } catch {
        if (live) setFailed(true);
      }
    })();
    return () => {
      live = false;
      chart?.destroy();
    };
  }, [key, labels, series, unit]);

  if (failed) return <p className="sniff-muted">The chart could not be drawn; the table below has the same data.</p>;
  return <div ref={box} className="analytics-chart" aria-hidden="true" />;
}
