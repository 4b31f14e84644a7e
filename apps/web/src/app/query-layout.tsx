import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../lib/query-client';

/**
 * Every page but the login page reads and writes through the query client. It wraps them here, in a chunk of its
 * own that loads with the first of them, so that the login page paints without the query library
 * (docs/product/operations.md#performance-targets).
 */
export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
