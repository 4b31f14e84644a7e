import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type uPlot from 'uplot';
import type { TClientProgress } from '@hep/shared/schemas/adherence';
import { ChartFigure } from '../../../components/ui/charts/chart-figure';
import { ChartLegend } from '../../../components/ui/charts/chart-legend';
import {
  CHART_BAR_FILL,
  CHART_BAR_STROKE,
  CHART_PRIMARY,
  CHART_SECONDARY,
  chartAxis,
  labelAxis,
} from '../../../components/ui/charts/chart-style';
import { LazyChart } from '../../../components/ui/charts/lazy-chart';
import type { TMakeChartOptions } from '../../../components/ui/charts/uplot-chart';
import { formatDayMonth } from '../../../lib/short-date';
import {
  CLIENT_PROGRESS_COLUMNS,
  clientProgressSummary,
  clientProgressWeekCells,
  hasClientProgress,
  progressWeeksFromStart,
} from '../utils/client-progress-summary';

const HEIGHT = 240;

/** The three series' names, in the page's language. */
interface TSeriesNames {
  share: string;
  effort: string;
  pain: string;
}

/**
 * Each week's share done as light bars on the left scale (0 to 100%), and average effort (a solid line, filled dots)
 * and highest pain (dashed, hollow dots) on the right scale (0 to 10): both scales put their lines on the same grid.
 */
function progressOptions(labels: string[], names: TSeriesNames): TMakeChartOptions {
  return (lib) => ({
    legend: { show: false },
    cursor: { show: false },
    padding: [12, 8, 0, 0],
    scales: {
      x: { time: false, range: [-0.5, labels.length - 0.5] },
      share: { range: [0, 100] },
      score: { range: [0, 10] },
    },
    axes: [
      labelAxis(labels),
      chartAxis({
        scale: 'share',
        size: 64,
        incrs: [20],
        values: (_u: unknown, splits: number[]) => splits.map((s) => `${s}%`),
      }),
      chartAxis({
        scale: 'score',
        side: 1 as uPlot.Axis.Side,
        size: 40,
        incrs: [2],
        grid: { show: false },
        values: (_u: unknown, splits: number[]) => splits.map(String),
      }),
    ],
    series: [
      {},
      {
        label: names.share,
        scale: 'share',
        stroke: CHART_BAR_STROKE,
        fill: CHART_BAR_FILL,
        width: 2,
        paths: lib.paths.bars?.({ size: [0.6, 64] }),
        points: { show: false },
      },
      {
        label: names.effort,
        scale: 'score',
        stroke: CHART_PRIMARY,
        width: 3,
        spanGaps: true,
        points: { show: true, size: 11, width: 2, stroke: CHART_PRIMARY, fill: CHART_PRIMARY },
      },
      {
        label: names.pain,
        scale: 'score',
        stroke: CHART_SECONDARY,
        width: 3,
        dash: [10, 6],
        spanGaps: true,
        points: { show: true, size: 11, width: 2, stroke: CHART_SECONDARY, fill: '#ffffff' },
      },
    ],
  });
}

/**
 * The client page's one chart of how the client is doing across all their exercises
 * (docs/product/feedback-and-progress.md#client-progress): each week's share done, average effort and highest pain,
 * with the trend in words and the numbers as a table. Nothing when nothing was due or reported yet.
 */
export function ClientProgressChart({
  progress,
  clientName,
}: {
  progress: TClientProgress;
  clientName: string;
}) {
  const { t } = useLingui();
  const share = t`Share done`;
  const effort = t`Average effort`;
  const pain = t`Highest pain`;
  const weeks = useMemo(() => progressWeeksFromStart(progress.weeks), [progress.weeks]);
  const data = useMemo(
    () =>
      [
        weeks.map((_, index) => index),
        weeks.map((week) => (week.rate === null ? null : Math.round(week.rate * 100))),
        weeks.map((week) => week.effort_avg),
        weeks.map((week) => week.pain_max),
      ] as uPlot.AlignedData,
    [weeks],
  );
  const makeOptions = useMemo(
    () =>
      progressOptions(
        weeks.map((week) => formatDayMonth(week.start)),
        { share, effort, pain },
      ),
    [weeks, share, effort, pain],
  );
  if (!hasClientProgress(progress)) return null;

  return (
    <ChartFigure
      className="mb-4"
      title={t`Exercises done, effort and pain each week`}
      summary={clientProgressSummary(progress)}
      legend={
        <ChartLegend
          entries={[
            { label: share, color: CHART_BAR_STROKE, marker: 'bar', fill: CHART_BAR_FILL },
            { label: effort, color: CHART_PRIMARY, marker: 'filled' },
            { label: pain, color: CHART_SECONDARY, marker: 'hollow', dashed: true },
          ]}
        />
      }
      chart={<LazyChart data={data} makeOptions={makeOptions} height={HEIGHT} />}
      table={{
        caption: t`Exercises done, effort and pain each week for ${clientName}, oldest first`,
        columns: CLIENT_PROGRESS_COLUMNS.map((column) => t(column)),
        rows: weeks.map((week) => ({ key: week.start, cells: clientProgressWeekCells(week) })),
      }}
    />
  );
}
