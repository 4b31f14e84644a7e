import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type uPlot from 'uplot';
import type { TAdherence } from '@hep/shared/schemas/adherence';
import { ChartFigure } from '../../../components/ui/charts/chart-figure';
import {
  CHART_FONT,
  CHART_PRIMARY,
  CHART_TEXT,
  chartAxis,
  labelAxis,
} from '../../../components/ui/charts/chart-style';
import { LazyChart } from '../../../components/ui/charts/lazy-chart';
import type { TMakeChartOptions } from '../../../components/ui/charts/uplot-chart';
import { useLogFailure } from '../../../lib/use-log-failure';
import { formatDayMonth } from '../../../lib/short-date';
import { useProgramAdherence } from '../api/get-adherence';
import { adherenceSummary, adherenceWeekCells, weeksFromStart } from '../utils/adherence-summary';

const HEIGHT = 220;

/** Under this many CSS pixels a week, the percents over the bars would crowd each other: the table has them. */
const LABEL_MIN_SLOT = 48;

/** Writes each week's percent over its bar, so that the bars' heights need not be read off the axis. */
function drawBarLabels(u: uPlot) {
  const values = u.data[1] ?? [];
  // The canvas is drawn in device pixels; its width over the chart's CSS width is the ratio between them.
  const ratio = u.ctx.canvas.width / u.width;
  if (u.bbox.width / ratio / Math.max(values.length, 1) < LABEL_MIN_SLOT) return;
  const { ctx } = u;
  ctx.save();
  ctx.font = CHART_FONT.replace('16px', `${16 * ratio}px`);
  ctx.fillStyle = CHART_TEXT;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  values.forEach((value, index) => {
    if (value === null || value === undefined) return;
    ctx.fillText(`${value}%`, u.valToPos(index, 'x', true), u.valToPos(value, 'y', true) - 4 * ratio);
  });
  ctx.restore();
}

/** Bars of each week's share done, 0 to 100%, labelled by the week's Monday; `doneLabel` names the series. */
function barOptions(labels: string[], doneLabel: string): TMakeChartOptions {
  return (lib) => ({
    legend: { show: false },
    cursor: { show: false },
    // Room above the top line for a full bar's label.
    padding: [28, 8, 0, 0],
    scales: {
      x: { time: false, range: [-0.5, labels.length - 0.5] },
      y: { range: [0, 100] },
    },
    axes: [
      labelAxis(labels),
      chartAxis({
        size: 64,
        incrs: [25, 50],
        values: (_u: unknown, splits: number[]) => splits.map((s) => `${s}%`),
      }),
    ],
    series: [
      {},
      {
        label: doneLabel,
        stroke: CHART_PRIMARY,
        fill: CHART_PRIMARY,
        width: 0,
        paths: lib.paths.bars?.({ size: [0.6, 64] }),
        points: { show: false },
      },
    ],
    hooks: { draw: [drawBarLabels] },
  });
}

/** The chart, once the rates are here; a failed call is only logged (the view works without it). */
function AdherenceFigure({ adherence }: { adherence: TAdherence }) {
  const { t } = useLingui();
  const doneLabel = t({
    message: 'Done',
    comment: "chart series and table column: the week's exercise days done",
  });
  const weeks = useMemo(() => weeksFromStart(adherence.weeks), [adherence.weeks]);
  const data = useMemo(
    () =>
      [
        weeks.map((_, index) => index),
        weeks.map((week) => (week.rate === null ? null : Math.round(week.rate * 100))),
      ] as [number[], (number | null)[]],
    [weeks],
  );
  const makeOptions = useMemo(
    () =>
      barOptions(
        weeks.map((week) => formatDayMonth(week.start)),
        doneLabel,
      ),
    [weeks, doneLabel],
  );
  return (
    <ChartFigure
      className="mt-4"
      title={t`Exercises done each week`}
      summary={adherenceSummary(adherence)}
      chart={<LazyChart data={data} makeOptions={makeOptions} height={HEIGHT} />}
      table={{
        caption: t`Exercises done each week, oldest first`,
        columns: [t`Week starting`, doneLabel, t`Share done`],
        rows: weeks.map((week) => ({ key: week.start, cells: adherenceWeekCells(week) })),
      }}
    />
  );
}

/**
 * Weekly adherence bars on the care team's program view (docs/product/feedback-and-progress.md#charts), for a
 * published program that has asked for something already (an empty chart would only push the day down). The space
 * stays empty while the rates load, and a failure is only logged: the view works without it.
 */
export function AdherenceChart({ programId, isDraft }: { programId: number; isDraft: boolean }) {
  const adherence = useProgramAdherence(programId, !isDraft);
  useLogFailure(adherence.error, 'Failed to load the program adherence');
  if (isDraft || !adherence.data || adherence.data.weeks.every((week) => week.prescribed === 0)) return null;
  return <AdherenceFigure adherence={adherence.data} />;
}
