import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { TInstrumentView, TMeasureAssignment } from '@hep/shared/schemas/measures';
import { ChartFigure } from '../../../components/ui/charts/chart-figure';
import { CHART_GRID, CHART_PRIMARY, chartAxis, labelAxis } from '../../../components/ui/charts/chart-style';
import { LazyChart } from '../../../components/ui/charts/lazy-chart';
import type { TMakeChartOptions } from '../../../components/ui/charts/uplot-chart';
import { todayIso } from '../../../lib/calendar-date';
import { formatDayMonth } from '../../../lib/short-date';
import { scoreText } from '../utils/measure-words';

const HEIGHT = 220;

/** Each result as a dot on a line over the instrument's whole range, with a dashed line at each band's lower edge. */
function trendOptions(labels: string[], instrument: TInstrumentView, name: string): TMakeChartOptions {
  const edges = instrument.bands.slice(1).map((band) => band.min);
  return () => ({
    legend: { show: false },
    cursor: { show: false },
    padding: [12, 8, 0, 0],
    scales: {
      x: { time: false, range: [-0.5, labels.length - 0.5] },
      y: { range: [instrument.range.min, instrument.range.max] },
    },
    axes: [labelAxis(labels), chartAxis({ size: 56 })],
    series: [
      {},
      { label: name, stroke: CHART_PRIMARY, width: 3, points: { show: true, size: 10, fill: CHART_PRIMARY } },
    ],
    hooks: {
      draw: [
        (u) => {
          const { ctx } = u;
          ctx.save();
          ctx.strokeStyle = CHART_GRID;
          ctx.setLineDash([6, 4]);
          ctx.lineWidth = 2;
          for (const edge of edges) {
            const y = u.valToPos(edge, 'y', true);
            ctx.beginPath();
            ctx.moveTo(u.bbox.left, y);
            ctx.lineTo(u.bbox.left + u.bbox.width, y);
            ctx.stroke();
          }
          ctx.restore();
        },
      ],
    },
  });
}

/** A measure's results over time, with its bands, a summary in words and a table (docs/product/outcome-measures.md#on-the-client-page). */
export function MeasureTrendChart({
  assignment,
  instrument,
  clientName,
}: {
  assignment: TMeasureAssignment;
  instrument: TInstrumentView;
  clientName: string;
}) {
  const { t } = useLingui();
  const labels = useMemo(
    // Each result on the day it was taken here (the browser's day), not in UTC.
    () => assignment.results.map((r) => formatDayMonth(todayIso(new Date(r.taken_at)))),
    [assignment.results],
  );
  const data = useMemo(
    () =>
      [assignment.results.map((_, i) => i), assignment.results.map((r) => r.score)] as [number[], number[]],
    [assignment.results],
  );
  const options = useMemo(
    () => trendOptions(labels, instrument, instrument.short_name),
    [labels, instrument],
  );
  const bandOf = (code: string | null) => instrument.bands.find((b) => b.code === code)?.label ?? '';
  const latest = assignment.results.at(-1);
  const first = assignment.results[0];
  const direction = instrument.higher_is_better ? t`Higher is better.` : t`Lower is better.`;
  const firstScore = first ? scoreText(first.score, instrument) : '';
  const latestScore = latest ? scoreText(latest.score, instrument) : '';
  return (
    <ChartFigure
      headingLevel={3}
      title={t`${instrument.short_name} for ${clientName}`}
      summary={
        assignment.results.length === 1
          ? t`One result so far: ${latestScore}. ${direction}`
          : t`From ${firstScore} to ${latestScore} over ${assignment.results.length} results. ${direction}`
      }
      chart={<LazyChart data={data} makeOptions={options} height={HEIGHT} />}
      table={{
        caption: t`${instrument.short_name} results for ${clientName}`,
        columns: [t`Date`, t`Score`, t`Band`, t`Entered by`],
        rows: assignment.results.map((r, i) => ({
          key: String(r.id),
          cells: [labels[i]!, scoreText(r.score, instrument), bandOf(r.band), r.entered_by.name],
        })),
      }}
    />
  );
}
