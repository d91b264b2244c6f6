import type { Endpoint } from './api-bench';

/** The requests the screens make, with the query strings they really send (issue 6's list). */
export const endpoints: Endpoint[] = [
  { name: 'Directory list', path: () => '/api/v1/employees?limit=48' },
  { name: 'Directory search "smith"', path: () => '/api/v1/employees?q=smith&limit=48' },
  { name: 'Time entries, this week', path: () => '/api/v1/time-entries?range=week&limit=50' },
  { name: 'Scheduling week', path: () => '/api/v1/scheduling/week?limit=50' },
  // Whole-workspace aggregates, kept per workspace until something there changes.
  { name: 'Scheduling week cards', path: () => '/api/v1/scheduling/week/stats', kept: true },
  { name: 'Performance overview', path: () => '/api/v1/performance/overview?period=current-year&limit=12' },
  { name: 'Performance cards', path: () => '/api/v1/performance/stats?period=current-year', kept: true },
  { name: 'Project list', path: () => '/api/v1/projects?limit=24' },
  {
    name: 'Kanban board, largest project',
    path: async (api) => {
      const projects = await api<{ data: { id: string; tasksTotal: number }[] }>(
        '/api/v1/projects?limit=200&sort=progress',
      );
      const largest = [...projects.data].sort((a, b) => b.tasksTotal - a.tasksTotal)[0];
      return `/api/v1/tasks/board${largest ? `?projectId=${largest.id}` : ''}`;
    },
  },
  {
    name: 'Task list, filtered and sorted by priority',
    path: () => '/api/v1/tasks?status=in-progress&due=week&sort=priority&order=desc&limit=50',
  },
  { name: 'Task list, default sort', path: () => '/api/v1/tasks?limit=50' },
  // Issue 20: several statuses at once ("open" = not done) with a priority, in the default order.
  {
    name: 'Task list, open and high priority',
    path: () => '/api/v1/tasks?status=open&priority=high&limit=50',
  },
  {
    name: 'Reports summary, month',
    path: () => '/api/v1/reports/projects?range=month&type=overview',
    kept: true,
  },
  { name: 'Dashboard KPIs', path: () => '/api/v1/dashboard' },
  // Issue 19. The bell's records exist on PostgreSQL only (prefilled for the signed-in admin).
  { name: 'Notifications, newest first', path: () => '/api/v1/notifications?limit=20' },
  { name: 'Notifications, unread count', path: () => '/api/v1/notifications/unread-count' },
  { name: 'Background jobs, completed', path: () => '/api/v1/jobs?state=completed&limit=25' },
  { name: 'API tokens', path: () => '/api/v1/api-tokens' },
  // Issue 21: the help desk at 100,000 tickets. The queue opens on All open.
  { name: 'Ticket queue, all open', path: () => '/api/v1/helpdesk/tickets?view=open&limit=50' },
  {
    name: 'Ticket queue, search "invoice"',
    path: () => '/api/v1/helpdesk/tickets?view=all&q=invoice&limit=50',
  },
  // Kept per workspace (and minute) like the dashboard's cards.
  { name: 'Help desk overview, 30 days', path: () => '/api/v1/helpdesk/overview?days=30', kept: true },
  { name: 'Help desk inbound mail', path: () => '/api/v1/helpdesk/inbound-mail?limit=25' },
  // Issue 22: the knowledge base at 10,000 articles; "password" is in one title of fifteen.
  { name: 'Knowledge base, newest changes', path: () => '/api/v1/helpdesk/kb/articles?limit=25' },
  {
    name: 'Knowledge base search "password"',
    path: () => '/api/v1/helpdesk/kb/articles?q=password&limit=20',
  },
  // Issue 23: the campaign list as the screen opens it (the latest changed first) and filtered to
  // email campaigns by most sent; the large sample has 500 campaigns.
  { name: 'Campaign list', path: () => '/api/v1/marketing/campaigns?limit=25' },
  {
    name: 'Campaign list, email by most sent',
    path: () => '/api/v1/marketing/campaigns?type=email&sort=sent&limit=25',
  },
  // The segment editor's live count and preview, as a marketer's two groups of rules send it.
  {
    name: 'Segment preview',
    path: () => '/api/v1/marketing/segments/preview',
    method: 'POST',
    body: {
      rules: {
        match: 'all',
        groups: [
          {
            match: 'all',
            conditions: [
              { field: 'status', values: ['new', 'contacted', 'qualified'] },
              { field: 'score', from: 40 },
            ],
          },
          {
            match: 'any',
            conditions: [
              { field: 'tags', match: 'any', values: ['newsletter', 'event'] },
              { field: 'industry', values: ['Software'] },
            ],
          },
        ],
      },
    },
  },
  { name: 'Segment list', path: () => '/api/v1/marketing/segments' },
  // The "preview as" and "send a test as" pickers of the email editor.
  { name: 'Lead search', path: () => '/api/v1/marketing/leads?q=smith&limit=20' },
  { name: 'Suppression list', path: () => '/api/v1/marketing/suppressions?limit=50' },
];
