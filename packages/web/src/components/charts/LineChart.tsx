import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  color: string;
  values: (number | null)[];
}

/**
 * Several series over the same categories (hours, days, weeks) as lines with points, drawn with uPlot, with a legend;
 * redrawn when the data changes, resized with its container. Import it only from lazily loaded pages.
 */
export function LineChart({
  labels,
  series,
  height = 220,
  label,
  xLabel,
}: {
  labels: string[];
  series: ChartSeries[];
  height?: number;
  label: string;
  /** What the categories are (时段, 日期, 周): the legend's first entry. */
  xLabel: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const plot = new uPlot(
      {
        width: Math.max(240, el.clientWidth),
        height,
        cursor: { y: false },
        scales: { x: { time: false }, y: { range: (_u, min, max) => [Math.min(0, min), Math.max(1, max)] } },
        axes: [{ space: 40, values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? (labels[t] ?? '') : '')) }, { size: 72 }],
        series: [
          { label: xLabel, value: (_u, v) => (v === null || v === undefined ? '' : (labels[v] ?? '')) },
          ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, points: { size: 5 } })),
        ],
      },
      [labels.map((_, i) => i), ...series.map((s) => s.values)] as uPlot.AlignedData,
      el,
    );
    // A page kept alive behind another tab is hidden (width 0): it is redrawn when it shows again, not before.
    const resize = new ResizeObserver(() => {
      if (el.clientWidth > 0) plot.setSize({ width: Math.max(240, el.clientWidth), height });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [labels, series, height, xLabel]);
  return <div ref={box} style={{ width: '100%', minHeight: height }} role="img" aria-label={label} />;
}
