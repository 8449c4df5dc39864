/**
 * One report chart drawn with uPlot (loaded with the reports' route only: docs/BENCHMARKS.md "Bundle"). Lines over
 * periods, bars over categories; the table beside it holds the same figures for reading and export, so the canvas is
 * an image with a short description for assistive technology.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ReportChart as Chart } from '../model/reportViews';

const COLORS = ['#2563eb', '#d97706', '#059669', '#dc2626', '#7c3aed', '#0891b2'];
const HEIGHT = 240;

function formatValue(unit: Chart['unit'], value: number | null): string {
  if (value === null) return '—';
  if (unit === 'share') return `${Math.round(value * 100)} %`;
  return value.toLocaleString('en', { maximumFractionDigits: unit === 'amount' ? 0 : 1 });
}

function optionsOf(chart: Chart, width: number): uPlot.Options {
  const bars = chart.kind === 'bar';
  const barPaths = uPlot.paths.bars?.({ size: [0.7 / Math.max(1, chart.series.length), 60], gap: 2 });
  return {
    width,
    height: HEIGHT,
    legend: { show: chart.series.length > 1 },
    cursor: { drag: { x: false, y: false } },
    // Half a step of room at each end, so the first and last bars (and their labels) are drawn whole.
    scales: {
      x: { time: false, range: () => [-0.5, Math.max(0, chart.labels.length - 1) + 0.5] },
      y: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 1] },
    },
    axes: [
      {
        values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? (chart.labels[i] ?? '') : '')),
        rotate: 0,
        gap: 4,
      },
      {
        values: (_u, splits) => splits.map((v) => formatValue(chart.unit, v)),
        size: chart.unit === 'amount' ? 84 : 60,
      },
    ],
    series: [
      { label: '' },
      ...chart.series.map((s, i) => ({
        label: s.label,
        stroke: COLORS[i % COLORS.length],
        fill: bars ? COLORS[i % COLORS.length] : undefined,
        width: bars ? 0 : 2,
        paths: bars ? barPaths : undefined,
        points: { show: !bars && chart.labels.length < 40 },
        value: (_u: uPlot, v: number | null) => formatValue(chart.unit, v),
      })),
    ],
  };
}

export function ReportChart({ chart }: { chart: Chart }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const data: uPlot.AlignedData = [chart.labels.map((_, i) => i), ...chart.series.map((s) => s.values)];
    const plot = new uPlot(optionsOf(chart, Math.max(200, el.clientWidth)), data, el);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(200, el.clientWidth), height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [chart]);
  const summary = `${chart.title}: ${chart.labels.length} ${chart.kind === 'line' ? 'periods' : 'bars'}; the table below holds the figures.`;
  return (
    <figure className="report-chart">
      <figcaption className="report-chart__title">{chart.title}</figcaption>
      {chart.labels.length === 0 ? (
        <p className="report-chart__empty">Nothing to draw for this range and these filters.</p>
      ) : (
        <div ref={box} className="report-chart__plot" role="img" aria-label={summary} data-chart={chart.id} />
      )}
    </figure>
  );
}
