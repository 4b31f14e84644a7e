import { type ReactNode, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Table as TableIcon } from 'react-bootstrap-icons';
import { Trans } from '@lingui/react/macro';
import './charts.css';

export interface TChartTable {
  caption: string;
  columns: string[];
  rows: { key: string; cells: string[] }[];
}

interface ChartFigureProps {
  title: string;
  /** What the chart shows, in a sentence or two: what a reader should take from it. */
  summary: ReactNode;
  legend?: ReactNode;
  /** The chart itself (a LazyChart), hidden from screen readers. */
  chart: ReactNode;
  table: TChartTable;
  headingLevel?: 2 | 3;
  className?: string;
}

/**
 * A chart with its heading, a summary in words, and the same numbers as a real table behind "Show as table" (for
 * screen readers and anyone who prefers numbers): the picture is never the only way to the facts.
 */
export function ChartFigure({
  title,
  summary,
  legend,
  chart,
  table,
  headingLevel = 2,
  className,
}: ChartFigureProps) {
  const [tableShown, setTableShown] = useState(false);
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={`chart-figure card card-body ${className ?? ''}`} aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className="h5 mb-2">
        {title}
      </Heading>
      <p className="mb-2">{summary}</p>
      {legend}
      {chart}
      <div className="mt-2">
        <Button
          variant="outline-primary"
          aria-expanded={tableShown}
          aria-controls={`${id}-table`}
          onClick={() => setTableShown((shown) => !shown)}
        >
          <TableIcon aria-hidden="true" />
          {tableShown ? <Trans>Hide table</Trans> : <Trans>Show as table</Trans>}
        </Button>
      </div>
      {/* Focusable, so that a keyboard can scroll a table wider than a phone (WCAG 2.1.1). */}
      <div
        id={`${id}-table`}
        hidden={!tableShown}
        className="table-responsive mt-3"
        tabIndex={tableShown ? 0 : undefined}
      >
        {tableShown ? (
          <table className="table table-sm mb-0 chart-table">
            <caption>{table.caption}</caption>
            <thead>
              <tr>
                {table.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.key}>
                  {row.cells.map((cell, index) =>
                    index === 0 ? (
                      <th key={index} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={index}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </section>
  );
}
