import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { TFeedback } from '@hep/shared/schemas/feedback';
import { ChartFigure } from '../../../components/ui/charts/chart-figure';
import { ChartLegend } from '../../../components/ui/charts/chart-legend';
import { CHART_PRIMARY, CHART_SECONDARY, chartAxis } from '../../../components/ui/charts/chart-style';
import { LazyChart } from '../../../components/ui/charts/lazy-chart';
import type { TMakeChartOptions } from '../../../components/ui/charts/uplot-chart';
import { formatMediumDate, parseIsoDate, toIsoDate } from '../../../lib/calendar-date';
import { formatDayMonth } from '../../../lib/short-date';
import { effortPainPoints, effortPainSummary } from '../utils/effort-pain-series';

const DAY = 86_400;
const HEIGHT = 260;

/** A yyyy-MM-dd date as the chart's x value: seconds at local midnight. */
function toSeconds(date: string): number {
  return (parseIsoDate(date)?.getTime() ?? 0) / 1000;
}

// Effort is a solid line with filled dots, pain a dashed line with hollow dots: told apart without colour.
const chartOptions =
  (effortLabel: string, painLabel: string): TMakeChartOptions =>
  () => ({
    legend: { show: false },
    cursor: { show: false },
    // Room on the right for the last date label, which centres on the last day.
    padding: [12, 28, 0, 0],
    scales: {
      x: {
        time: true,
        range: (_u, min, max) =>
          min === max ? [min - 3 * DAY, max + 3 * DAY] : [min - DAY / 2, max + DAY / 2],
      },
      y: { range: [0, 10] },
    },
    axes: [
      chartAxis({
        space: 72,
        incrs: [DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY, 91 * DAY, 182 * DAY, 364 * DAY],
        values: (_u: unknown, splits: number[]) =>
          splits.map((s) => formatDayMonth(toIsoDate(new Date(s * 1000)))),
      }),
      chartAxis({ size: 40, incrs: [2, 5], values: (_u: unknown, splits: number[]) => splits.map(String) }),
    ],
    series: [
      {},
      {
        label: effortLabel,
        stroke: CHART_PRIMARY,
        width: 3,
        spanGaps: true,
        points: { show: true, size: 11, width: 2, stroke: CHART_PRIMARY, fill: CHART_PRIMARY },
      },
      {
        label: painLabel,
        stroke: CHART_SECONDARY,
        width: 3,
        dash: [10, 6],
        spanGaps: true,
        points: { show: true, size: 11, width: 2, stroke: CHART_SECONDARY, fill: '#ffffff' },
      },
    ],
  });

interface EffortPainChartProps {
  /** Newest first, as the history lists them. */
  entries: TFeedback[];
  exerciseName: string;
  /** The client the entries are from, named in the table's caption when known. */
  clientName: string | null;
}

/**
 * Effort and pain over time on an exercise's feedback history (docs/product/feedback-and-progress.md#charts): the
 * chart, its trend in words, and the numbers as a table.
 */
export function EffortPainChart({ entries, exerciseName, clientName }: EffortPainChartProps) {
  const { t } = useLingui();
  const effortLabel = t`Effort`;
  const painLabel = t`Pain`;
  const makeOptions = useMemo(() => chartOptions(effortLabel, painLabel), [effortLabel, painLabel]);
  const points = useMemo(() => effortPainPoints(entries), [entries]);
  const data = useMemo(
    () =>
      [points.map((p) => toSeconds(p.date)), points.map((p) => p.effort), points.map((p) => p.pain)] as [
        number[],
        (number | null)[],
        (number | null)[],
      ],
    [points],
  );
  if (points.length === 0) return null;

  return (
    <ChartFigure
      className="mb-4"
      title={t`Effort and pain over time`}
      summary={`${effortPainSummary(points)} ${t`Both are out of 10.`}`}
      legend={
        <ChartLegend
          entries={[
            { label: effortLabel, color: CHART_PRIMARY, marker: 'filled' },
            { label: painLabel, color: CHART_SECONDARY, marker: 'hollow', dashed: true },
          ]}
        />
      }
      chart={<LazyChart data={data} makeOptions={makeOptions} height={HEIGHT} />}
      table={{
        caption: clientName
          ? t`Effort and pain reported by ${clientName} for ${exerciseName}, oldest first`
          : t`Effort and pain for ${exerciseName}, oldest first`,
        columns: [t`Date`, t`Effort (0 to 10)`, t`Pain (0 to 10)`],
        rows: points.map((p, index) => ({
          key: `${p.date}-${index}`,
          cells: [
            formatMediumDate(p.date),
            p.effort === null ? t`Not rated` : String(p.effort),
            p.pain === null ? t`Not given` : String(p.pain),
          ],
        })),
      }}
    />
  );
}
