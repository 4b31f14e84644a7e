export interface TLegendEntry {
  label: string;
  color: string;
  /** A dashed line tells a series apart without its colour. */
  dashed?: boolean;
  /** Filled or hollow dots, a second cue besides the line; or a bar (outlined in `color`, filled with `fill`). */
  marker?: 'filled' | 'hollow' | 'bar';
  fill?: string;
}

/** The series' names beside a drawing of each line and dot, as they appear on the chart. */
export function ChartLegend({ entries }: { entries: TLegendEntry[] }) {
  return (
    <ul className="chart-legend list-unstyled d-flex flex-wrap gap-3 mb-2">
      {entries.map((entry) => (
        <li key={entry.label} className="d-flex align-items-center gap-2">
          <svg width="40" height="16" viewBox="0 0 40 16" aria-hidden="true" focusable="false">
            {entry.marker === 'bar' ? (
              <rect
                x="12"
                y="1"
                width="16"
                height="14"
                fill={entry.fill ?? entry.color}
                stroke={entry.color}
                strokeWidth="2"
              />
            ) : (
              <line
                x1="2"
                y1="8"
                x2="38"
                y2="8"
                stroke={entry.color}
                strokeWidth="3"
                strokeDasharray={entry.dashed ? '6 4' : undefined}
              />
            )}
            {entry.marker === 'filled' || entry.marker === 'hollow' ? (
              <circle
                cx="20"
                cy="8"
                r="5"
                fill={entry.marker === 'filled' ? entry.color : '#fff'}
                stroke={entry.color}
                strokeWidth="2"
              />
            ) : null}
          </svg>
          {entry.label}
        </li>
      ))}
    </ul>
  );
}
