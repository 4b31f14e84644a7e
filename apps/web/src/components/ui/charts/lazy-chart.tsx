import { Component, type ReactNode, Suspense, lazy } from 'react';
import type { UplotChartProps } from './uplot-chart';

const UplotChart = lazy(() => import('./uplot-chart'));

// A chart that cannot load (offline, an old build) leaves its space empty: the summary and table still say it.
class ChartErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A chart loaded on first use (React.lazy), its height reserved meanwhile so nothing moves. The picture is hidden
 * from screen readers: the figure around it gives the same facts in words and as a table.
 */
export function LazyChart(props: UplotChartProps) {
  return (
    <div aria-hidden="true" className="chart-frame" style={{ minHeight: props.height }}>
      <ChartErrorBoundary>
        <Suspense fallback={null}>
          <UplotChart {...props} />
        </Suspense>
      </ChartErrorBoundary>
    </div>
  );
}
