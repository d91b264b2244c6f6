import type { Endpoint } from './api-bench';

/** The requests the screens make, with the query strings they really send (issue 6's list). */
export const endpoints: Endpoint[] = [
  { name: 'Directory list', path: () => '/api/v1/employees?limit=50' },
  { name: 'Directory search "smith"', path: () => '/api/v1/employees?q=smith&limit=50' },
  { name: 'Time entries, this week', path: () => '/api/v1/time-entries?range=week&limit=50' },
  { name: 'Scheduling week', path: () => '/api/v1/scheduling/week?limit=50' },
  { name: 'Performance overview', path: () => '/api/v1/performance/overview?period=current-year&limit=50' },
];
