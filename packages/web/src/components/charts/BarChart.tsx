import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/**
 * One series of bars over categories (days, age buckets), drawn with uPlot on a canvas: redrawn when the data
 * changes, resized with its container. Import it only from lazily loaded pages: the chart library comes with it.
 */
export function BarChart({
  labels,
  values,
  color,
  label,
  height = 160,
}: {
  labels: string[];
  values: number[];
  color: string;
  label: string;
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = labels.map((_, i) => i);
    const plot = new uPlot(
      {
        width: Math.max(200, el.clientWidth),
        height,
        legend: { show: false },
        cursor: { y: false },
        scales: { x: { time: false, range: [-0.6, labels.length - 0.4] }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [{ space: 48, incrs: [1, 2, 5, 10], values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? (labels[t] ?? '') : '')) }, { size: 44 }],
        series: [{}, { label, stroke: color, fill: `${color}99`, paths: uPlot.paths.bars!({ size: [0.7, 40] }), points: { show: false } }],
      },
      [xs, values],
      el,
    );
    // A page kept alive behind another tab is hidden (width 0): it is redrawn when it shows again, not before.
    const resize = new ResizeObserver(() => {
      if (el.clientWidth > 0) plot.setSize({ width: Math.max(200, el.clientWidth), height });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [labels, values, color, label, height]);
  return <div ref={box} style={{ width: '100%', minHeight: height }} role="img" aria-label={label} />;
}
