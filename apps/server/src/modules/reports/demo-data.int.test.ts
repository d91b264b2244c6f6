import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@atrium/db/seed';
import { dashboardSchema, demoPassword, projectReportSchema, reportRanges } from '@atrium/shared';
import { logIn, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
let manager: SessionClient;
beforeAll(async () => {
  server = await startTestServer();
  await seedDemo(server.platform.database, { scale: 'demo' });
  await server.services.accounts.ensureDemoLogins();
  manager = (await logIn(server, 'manager@acme.test', demoPassword)).client;
}, 120_000);
afterAll(() => server?.close());

async function report(query: string) {
  const response = await manager.request(`/api/v1/reports/projects?${query}`);
  expect(response.status, query).toBe(200);
  return projectReportSchema.parse(await response.json());
}

describe('the demo workspace’s project reports (spec 9 sample data)', () => {
  it('has completions dated by the seed, and a burndown that ends at today’s open tasks', async () => {
    const year = await report('range=year&type=detailed&limit=200');
    expect(year.summary!.projects).toBe(15);
    expect(year.summary!.tasks.completed).toBeGreaterThan(0);
    const open = year.projectAnalysis!.data.reduce(
      (sum, row) => sum + row.tasks.total - row.tasks.completed,
      0,
    );
    for (const range of reportRanges) {
      const { trends, summary } = await report(`range=${range}`);
      const created = trends!.buckets.reduce((sum, b) => sum + b.created, 0);
      const completed = trends!.buckets.reduce((sum, b) => sum + b.completed, 0);
      expect(completed, range).toBe(summary!.tasks.completed);
      expect(trends!.scope, range).toBe(trends!.openAtStart + created);
      expect(trends!.scope, range).toBe(summary!.tasks.total);
      expect(trends!.buckets.at(-1)!.remaining, range).toBe(open);
      // It burns down: never higher than the bucket before.
      const remaining = trends!.buckets.map((b) => b.remaining);
      expect(remaining, range).toEqual([...remaining].sort((a, b) => b - a));
    }
  });

  it('gives the projects’ rows the same totals as the cards', async () => {
    const detailed = await report('range=quarter&type=detailed&limit=200');
    const rows = detailed.projectAnalysis!.data;
    const sum = (pick: (row: (typeof rows)[number]) => number) =>
      rows.reduce((total, row) => total + pick(row), 0);
    expect(sum((row) => row.tasks.total)).toBe(detailed.summary!.tasks.total);
    expect(sum((row) => row.tasks.completed)).toBe(detailed.summary!.tasks.completed);
    expect(sum((row) => row.tasks.overdue)).toBe(detailed.summary!.overdueTasks);
    expect(sum((row) => row.budget ?? 0)).toBe(detailed.summary!.budget.total);
    const team = await report('range=quarter&type=team&limit=200');
    const rates = team.teamPerformance!.data.map((row) => row.tasksCompleted / row.tasksAssigned);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
  });

  it('fills the dashboard for the demo manager', async () => {
    const response = await manager.request('/api/v1/dashboard');
    expect(response.status).toBe(200);
    const dashboard = dashboardSchema.parse(await response.json());
    expect(dashboard.kpis).toHaveLength(4);
    expect(dashboard.kpis.find((card) => card.id === 'total-employees')?.value).toBe(50);
    expect(dashboard.projectProgress!.length).toBeGreaterThan(0);
    const contractor = (await logIn(server, 'contractor@acme.test', demoPassword)).client;
    const own = dashboardSchema.parse(await (await contractor.request('/api/v1/dashboard')).json());
    expect(own.kpis.map((card) => card.id)).toEqual(['active-projects']);
  });
});
