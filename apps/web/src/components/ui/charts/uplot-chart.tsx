import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** The chart's options without its size, built with the library at hand (e.g. for `uPlot.paths.bars`). */
export type TMakeChartOptions = (lib: typeof uPlot) => Omit<uPlot.Options, 'width' | 'height'>;

export interface UplotChartProps {
  data: uPlot.AlignedData;
  makeOptions: TMakeChartOptions;
  height: number;
}

/**
 * One uPlot chart that fills its container's width and follows it (ResizeObserver), so that it reads on a phone
 * as on a desk. This module (with uPlot) loads only through LazyChart: it never enters the first bundle.
 */
export default function UplotChart({ data, makeOptions, height }: UplotChartProps) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const widthOf = () => Math.max(Math.floor(element.getBoundingClientRect().width), 200);
    const chart = new uPlot({ ...makeOptions(uPlot), width: widthOf(), height }, data, element);
    const observer = new ResizeObserver(() => {
      const width = widthOf();
      if (width !== chart.width) chart.setSize({ width, height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [data, makeOptions, height]);

  return <div ref={ref} className="chart-canvas" />;
}
