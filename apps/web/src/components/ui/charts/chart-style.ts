// What every chart shares: 16 px text in the page's font and colours with at least 3:1 contrast on white
// (WCAG 1.4.11), so that lines, dots and bars stay visible to low vision.

export const CHART_FONT = '16px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
export const CHART_TEXT = '#212529';
export const CHART_GRID = '#dee2e6';
/** The brand's teal (5.9:1 on white). */
export const CHART_PRIMARY = '#0b6e69';
/** A dark red (6.5:1 on white), the second series. */
export const CHART_SECONDARY = '#b3261e';

/** Bars under lines: a light fill, outlined dark grey (7:1 on white) so that each bar's edge stays visible. */
export const CHART_BAR_FILL = '#dfe7e6';
export const CHART_BAR_STROKE = '#495057';

/** An axis at the page's text size: values in dark grey, light grid lines. */
export function chartAxis<T extends object>(extra: T) {
  return {
    font: CHART_FONT,
    stroke: CHART_TEXT,
    grid: { stroke: CHART_GRID, width: 1 },
    ticks: { stroke: CHART_GRID, width: 1 },
    ...extra,
  };
}

/** An x axis of one label per data point (a week's Monday, say), thinned to every 2nd, 4th or 8th when crowded. */
export function labelAxis(labels: string[]) {
  return chartAxis({
    space: 64,
    incrs: [1, 2, 4, 8],
    grid: { show: false },
    values: (_u: unknown, splits: number[]) =>
      splits.map((s) => (Number.isInteger(s) ? (labels[s] ?? '') : '')),
  });
}
