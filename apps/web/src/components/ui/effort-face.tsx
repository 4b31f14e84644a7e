/**
 * How each effort level's face is drawn (docs/product/feedback-and-progress.md#effort): from calm at 1 ("Nothing",
 * eyes closed, smiling) to strained at 10 ("Maximal", eyes screwed shut, teeth clenched, sweating). Our own simple
 * drawings, one per level, so that the face matches the level's words.
 */
interface FaceSpec {
  eyes: 'calm' | 'open' | 'squint' | 'shut';
  /** The mouth's bend: above 0 a smile, below 0 a frown; null for clenched teeth. */
  mouth: number | null;
  /** How far the brows slope down towards the nose (furrowed); 0 draws none. */
  brows: number;
  /** Drops of sweat at the temples. */
  drops: 0 | 1 | 2;
  /** Clenched teeth: wider and taller at 10. */
  teeth?: 'clenched' | 'bared';
}

export const EFFORT_FACES: Record<number, FaceSpec> = {
  1: { eyes: 'calm', mouth: 4, brows: 0, drops: 0 },
  2: { eyes: 'open', mouth: 7, brows: 0, drops: 0 },
  3: { eyes: 'open', mouth: 5, brows: 0, drops: 0 },
  4: { eyes: 'open', mouth: 2.5, brows: 0, drops: 0 },
  5: { eyes: 'open', mouth: 0, brows: 0, drops: 0 },
  6: { eyes: 'open', mouth: -2.5, brows: 1.5, drops: 0 },
  7: { eyes: 'open', mouth: -4.5, brows: 2.5, drops: 1 },
  8: { eyes: 'squint', mouth: -6, brows: 3, drops: 1 },
  9: { eyes: 'shut', mouth: null, brows: 3.5, drops: 2, teeth: 'clenched' },
  10: { eyes: 'shut', mouth: null, brows: 4, drops: 2, teeth: 'bared' },
};

function Eyes({ kind }: { kind: FaceSpec['eyes'] }) {
  if (kind === 'open')
    return (
      <>
        <circle cx="17" cy="21" r="2.6" fill="currentColor" stroke="none" />
        <circle cx="31" cy="21" r="2.6" fill="currentColor" stroke="none" />
      </>
    );
  if (kind === 'calm') return <path d="M13 20.5 Q17 24.5 21 20.5 M27 20.5 Q31 24.5 35 20.5" />;
  if (kind === 'squint') return <path d="M13 21.5 H21 M27 21.5 H35" />;
  return <path d="M13 17.5 L20 21 L13 24.5 M35 17.5 L28 21 L35 24.5" />;
}

function Mouth({ spec }: { spec: FaceSpec }) {
  if (spec.teeth) {
    const [top, bottom] = spec.teeth === 'bared' ? [28, 37] : [29.5, 35];
    const middle = (top + bottom) / 2;
    return (
      <>
        <rect x="14" y={top} width="20" height={bottom - top} rx="2.5" fill="#fff" />
        <path d={`M14 ${middle} H34 M19 ${top} V${bottom} M24 ${top} V${bottom} M29 ${top} V${bottom}`} />
      </>
    );
  }
  const bend = spec.mouth ?? 0;
  // A smile hangs from the line of the lips, a frown rises from it: both keep inside the face.
  const y = bend >= 0 ? 30 : 34;
  return <path d={`M15 ${y} Q24 ${y + 2 * bend} 33 ${y}`} />;
}

function Drops({ count }: { count: number }) {
  const drop = (x: number) => `M${x} 6.5 Q${x + 3.5} 12 ${x} 13.5 Q${x - 3.5} 12 ${x} 6.5 Z`;
  return (
    <>
      {count >= 1 ? <path d={drop(40)} fill="#cfe8ff" /> : null}
      {count >= 2 ? <path d={drop(8)} fill="#cfe8ff" /> : null}
    </>
  );
}

/** The face of one effort level (1-10), drawn in the text's colour; decorative: the level's words say it. */
export function EffortFace({ rating, className }: { rating: number; className?: string }) {
  const spec = EFFORT_FACES[rating];
  if (!spec) return null;
  const b = spec.brows;
  return (
    <svg
      viewBox="0 0 48 48"
      className={className}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="24" cy="25" r="20" fill="#fff" />
      <Eyes kind={spec.eyes} />
      {b > 0 ? <path d={`M12 ${14 - b / 2} L20 ${14 + b / 2} M36 ${14 - b / 2} L28 ${14 + b / 2}`} /> : null}
      <Mouth spec={spec} />
      <Drops count={spec.drops} />
    </svg>
  );
}
