import { useEffect, useState } from 'react';
import type { ActivityKind } from '@waystation/shared/marketing/vocab';

export interface PreviewPrize {
  name: string;
  isFiller?: boolean;
}

const COLORS = ['#ffb74d', '#fff3e0', '#ff8a65', '#fffde7', '#f06292', '#e3f2fd', '#ba68c8', '#f1f8e9', '#4fc3f7', '#fce4ec', '#81c784', '#ede7f6'];

/** Turntable: equal sectors, a pointer at the top; spins to the won prize. */
function Wheel({ prizes, target, spin }: { prizes: PreviewPrize[]; target: number | null; spin: number }) {
  const n = Math.max(prizes.length, 1);
  const step = 360 / n;
  const [angle, setAngle] = useState(0);
  useEffect(() => {
    if (target === null) return;
    // Land the middle of the target sector under the pointer, after a few full turns.
    setAngle((a) => a - (a % 360) + 360 * 5 + (360 - (target * step + step / 2)));
  }, [spin, target, step]);
  const r = 120;
  const arc = (i: number) => {
    const a0 = ((i * step - 90) * Math.PI) / 180;
    const a1 = (((i + 1) * step - 90) * Math.PI) / 180;
    const large = step > 180 ? 1 : 0;
    return `M0,0 L${r * Math.cos(a0)},${r * Math.sin(a0)} A${r},${r} 0 ${large} 1 ${r * Math.cos(a1)},${r * Math.sin(a1)} Z`;
  };
  return (
    <svg viewBox="-130 -140 260 275" width={260} role="img" aria-label="turntable-preview" data-testid="wheel">
      <g style={{ transform: `rotate(${angle}deg)`, transition: 'transform 3s cubic-bezier(.17,.67,.21,1)' }}>
        {prizes.map((p, i) => {
          const mid = ((i + 0.5) * step - 90) * (Math.PI / 180);
          return (
            <g key={i}>
              <path d={arc(i)} fill={COLORS[i % COLORS.length]} stroke="#fff" strokeWidth={2} />
              <text
                x={78 * Math.cos(mid)}
                y={78 * Math.sin(mid)}
                fontSize={11}
                textAnchor="middle"
                dominantBaseline="middle"
                transform={`rotate(${(i + 0.5) * step} ${78 * Math.cos(mid)} ${78 * Math.sin(mid)})`}
              >
                {p.name.length > 7 ? `${p.name.slice(0, 7)}…` : p.name}
              </text>
            </g>
          );
        })}
      </g>
      <circle r={18} fill="#e53935" />
      <polygon points="0,-136 -10,-116 10,-116" fill="#e53935" />
    </svg>
  );
}

/** Slot machine: three reels of the prizes; a win shows three of the same. */
function Slots({ prizes, target, spin }: { prizes: PreviewPrize[]; target: number | null; spin: number }) {
  const n = Math.max(prizes.length, 1);
  const filler = prizes.findIndex((p) => p.isFiller);
  const stops = target === null ? [0, 1 % n, 2 % n] : prizes[target]?.isFiller ? [target, (target + 1) % n, (target + 2) % n] : [target, target, target];
  const h = 48;
  return (
    <div data-testid="slots" style={{ display: 'flex', gap: 8, padding: 12, background: '#6d4c41', borderRadius: 12, width: 'fit-content' }}>
      {stops.map((s, reel) => (
        <div key={reel} style={{ width: 90, height: h, overflow: 'hidden', background: '#fff', borderRadius: 6 }}>
          <div key={spin} style={{ transform: `translateY(${-(s + n * 3) * h}px)`, transition: `transform ${1.5 + reel * 0.5}s ease-out` }}>
            {Array.from({ length: n * 4 }, (_, i) => (
              <div key={i} style={{ height: h, lineHeight: `${h}px`, textAlign: 'center', fontSize: 12, fontWeight: i % n === filler ? 400 : 600 }}>
                {prizes[i % n]?.name}
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/** Egg smashing: one golden egg per prize; the smashed egg shows what it held. */
function Eggs({ prizes, target, spin }: { prizes: PreviewPrize[]; target: number | null; spin: number }) {
  const [smashed, setSmashed] = useState<number | null>(null);
  useEffect(() => setSmashed(target === null ? null : spin % prizes.length), [spin, target, prizes.length]);
  return (
    <div data-testid="eggs" style={{ display: 'flex', flexWrap: 'wrap', gap: 12, maxWidth: 360 }}>
      {prizes.map((_, i) => (
        <svg key={i} viewBox="-30 -40 60 80" width={64} aria-label={`egg-${i}`}>
          <ellipse rx={24} ry={32} fill={smashed === i ? '#ffe082' : '#ffc107'} stroke="#ff8f00" strokeWidth={2} />
          {smashed === i ? (
            <>
              <polyline points="-24,-4 -14,-12 -6,-2 4,-12 12,-2 24,-10" fill="none" stroke="#bf360c" strokeWidth={2} />
              <text y={14} fontSize={9} textAnchor="middle">
                {target !== null ? prizes[target]?.name.slice(0, 6) : ''}
              </text>
            </>
          ) : (
            <ellipse cx={-8} cy={-12} rx={5} ry={9} fill="#fff8e1" opacity={0.7} />
          )}
        </svg>
      ))}
    </div>
  );
}

/** The member-facing look of a lucky draw, drawn with SVG/CSS; `target` is the won prize's index. */
export function DrawPreview({ kind, prizes, target, spin }: { kind: ActivityKind; prizes: PreviewPrize[]; target: number | null; spin: number }) {
  if (kind === 'tigerMachines') return <Slots prizes={prizes} target={target} spin={spin} />;
  if (kind === 'hammerEgg') return <Eggs prizes={prizes} target={target} spin={spin} />;
  return <Wheel prizes={prizes} target={target} spin={spin} />;
}
