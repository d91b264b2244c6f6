import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@atrium/db/seed';
import {
  demoPassword,
  goalCompletionPercent,
  type Goal,
  type ListPage,
  type PerformanceAnalytics,
  type PerformanceCard,
  type PerformanceOverview,
  type PerformanceStatsAnswer,
  type Review,
} from '@atrium/shared';
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

async function json<T>(client: SessionClient, path: string) {
  const response = await client.request(path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

async function allCards(client: SessionClient, period: string) {
  const cards: PerformanceCard[] = [];
  let cursor: string | null = null;
  do {
    const page: PerformanceOverview = await json(
      client,
      `/api/v1/performance/overview?period=${period}&limit=9${cursor ? `&cursor=${cursor}` : ''}`,
    );
    cards.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  const { stats } = await json<PerformanceStatsAnswer>(client, `/api/v1/performance/stats?period=${period}`);
  return { stats, cards };
}

describe('the demo workspace’s performance screen (spec 9 sample data)', () => {
  it('has stat cards that agree with the employee cards and the goal list', async () => {
    for (const period of ['all', 'current-year', 'last-year']) {
      const { stats, cards } = await allCards(manager, period);
      expect(cards.length, period).toBe(stats.employees);
      expect(stats.highPerformers, period).toBe(cards.filter((c) => c.highPerformer).length);
      expect(stats.needReview, period).toBe(cards.filter((c) => c.needsReview).length);
      expect(stats.totalReviews, period).toBe(cards.reduce((sum, c) => sum + c.reviewCount, 0));
      const rated = cards.filter((c) => c.averageRating !== null);
      if (rated.length > 0) {
        const meanOfShown = rated.reduce((sum, c) => sum + c.averageRating!, 0) / rated.length;
        expect(Math.abs(stats.averageRating! - meanOfShown), period).toBeLessThanOrEqual(0.1 + 1e-9);
      } else {
        expect(stats.averageRating).toBeNull();
      }
    }
    const { stats, cards } = await allCards(manager, 'all');
    expect(stats.totalReviews).toBeGreaterThan(0);
    // Spec 9 sample ratings are 3-5.
    expect(
      cards.every((c) => c.averageRating === null || (c.averageRating >= 3 && c.averageRating <= 5)),
    ).toBe(true);

    const total = async (status: string) => {
      let count = 0;
      let cursor: string | null = null;
      do {
        const page: ListPage<Goal> = await json(
          manager,
          `/api/v1/performance/goals?limit=40${status ? `&status=${status}` : ''}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        count += page.data.length;
        expect(page.data.every((g) => !status || g.status === status)).toBe(true);
        cursor = page.nextCursor;
      } while (cursor);
      return count;
    };
    const [all, active, completed, overdue] = await Promise.all([
      total(''),
      total('active'),
      total('completed'),
      total('overdue'),
    ]);
    expect(active + completed + overdue).toBe(all);
    expect(stats.activeGoals).toBe(active);
    expect(stats.goalCompletion).toBe(goalCompletionPercent(completed, all));
    expect(cards.reduce((sum, c) => sum + c.goalsTotal, 0)).toBe(all);

    const analytics = await json<PerformanceAnalytics>(manager, '/api/v1/performance/analytics?period=all');
    expect(analytics.goalStatus).toEqual({ active, completed, overdue, total: all });
    expect(analytics.ratingDistribution.reduce((sum, r) => sum + r.count, 0)).toBe(stats.totalReviews);
    expect(analytics.bandDistribution.reduce((sum, b) => sum + b.count, 0)).toBe(
      cards.filter((c) => c.averageRating !== null).length,
    );
  });

  it('records the Manager as the reviewer; an Employee sees only their own and cannot review', async () => {
    const { client: employee, me } = await logIn(server, 'employee@acme.test', demoPassword);
    const created = await manager.request('/api/v1/performance/reviews', {
      method: 'POST',
      json: { employeeId: me.employeeId, period: 'Q4 2024', overallRating: 4, feedback: 'Great work' },
    });
    expect(created.status).toBe(201);
    const review = (await created.json()) as Review;
    const { me: managerMe } = await logIn(server, 'manager@acme.test', demoPassword);
    expect(review.reviewer?.id).toBe(managerMe.employeeId);
    expect(review.reviewer?.name).not.toBe('Manager');

    const own = await json<ListPage<Review>>(employee, '/api/v1/performance/reviews?limit=200');
    expect(own.data.length).toBeGreaterThan(0);
    expect(own.data.every((r) => r.employee.id === me.employeeId)).toBe(true);
    expect(own.data[0]?.id).toBe(review.id);
    const refused = await employee.request('/api/v1/performance/reviews', {
      method: 'POST',
      json: { employeeId: managerMe.employeeId, period: 'Q4 2024', overallRating: 1 },
    });
    expect(refused.status).toBe(403);
  });
});
