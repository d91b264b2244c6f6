// The sample data against spec section 9: volumes, ranges and the rules the screens rely on.
import { entryHours, overtimeHours } from '@atrium/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import * as s from './schema/index';
import {
  findDemoWorkspace,
  scaleCounts,
  seedDemo,
  seedProfiles,
  WorkspaceAlreadySeededError,
} from './seed/index';
import { openTestDatabase, type TestDatabase } from './testing';

const now = new Date('2025-03-05T00:00:00Z');

/** Children per parent, for range checks (parents without children count as 0). */
function perParent(parents: { id: string }[], children: { parentId: string }[]) {
  const byParent = new Map(parents.map((p) => [p.id, 0]));
  for (const child of children) byParent.set(child.parentId, (byParent.get(child.parentId) ?? 0) + 1);
  return [...byParent.values()];
}

const within = (values: number[], min: number, max: number) => ({
  min: Math.min(...values) >= min,
  max: Math.max(...values) <= max,
});

describe('demo profile (spec 9)', () => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    await seedDemo(database, { scale: 'demo', now });
  });
  afterAll(() => database.dispose());

  it('has the spec volumes in the Acme Demo workspace', async () => {
    const workspace = await findDemoWorkspace(db);
    expect(workspace).toMatchObject({ name: 'Acme Demo', slug: 'acme-demo' });
    const total = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]?.n;
    expect(await total(s.employees)).toBe(50);
    expect(await total(s.projects)).toBe(15);
    expect(await total(s.tickets)).toBe(30);
    expect(await total(s.campaigns)).toBe(10);
    expect(await total(s.leads)).toBe(100);
    expect(await total(s.calendarEvents)).toBe(25);
    expect(await total(s.documents)).toBe(20);
    expect(await total(s.knowledgeArticles)).toBe(15);
  });

  it('gives each project 3-12 tasks and each employee 5-20 time entries', async () => {
    const projects = await db.select({ id: s.projects.id }).from(s.projects);
    const tasks = await db.select({ parentId: s.tasks.projectId }).from(s.tasks);
    expect(within(perParent(projects, tasks), 3, 12)).toEqual({ min: true, max: true });

    const employees = await db.select({ id: s.employees.id }).from(s.employees);
    const entries = await db.select({ parentId: s.timeEntries.employeeId }).from(s.timeEntries);
    expect(within(perParent(employees, entries), 5, 20)).toEqual({ min: true, max: true });
  });

  it('keeps salaries, rates, ratings, scores, budgets, estimates and SLA hours in range', async () => {
    const result = await db.execute(sql`
      select
        (select min(salary) >= 40000 and max(salary) <= 150000 from employees) as salary,
        (select min(hourly_rate) >= 15 and max(hourly_rate) <= 75 from employees) as hourly_rate,
        (select min(overall_rating) >= 3 and max(overall_rating) <= 5 from performance_reviews) as rating,
        (select bool_and((c->>'rating')::int between 3 and 5)
           from performance_reviews, jsonb_array_elements(categories) c) as category_rating,
        (select min(score) >= 0 and max(score) <= 100 from leads) as lead_score,
        (select min(budget) >= 10000 and max(budget) <= 500000 from projects) as project_budget,
        (select min(budget) >= 5000 and max(budget) <= 50000 from campaigns) as campaign_budget,
        (select min(estimated_hours) >= 1 and max(estimated_hours) <= 40 from tasks) as estimated_hours,
        (select min(first_response_hours) >= 2 and max(first_response_hours) <= 24 from sla_levels) as first_response,
        (select min(resolution_hours) >= 24 and max(resolution_hours) <= 168 from sla_levels) as resolution`);
    // Both drivers return { rows }; the shared Db type leaves the result unknown.
    expect((result as { rows: unknown[] }).rows).toEqual([
      {
        salary: true,
        hourly_rate: true,
        rating: true,
        category_rating: true,
        lead_score: true,
        project_budget: true,
        campaign_budget: true,
        estimated_hours: true,
        first_response: true,
        resolution: true,
      },
    ]);
    const tiers = await db
      .select({ name: s.slaLevels.name })
      .from(s.slaLevels)
      .orderBy(asc(s.slaLevels.firstResponseHours));
    expect(tiers.map((t) => t.name)).toEqual(['Platinum', 'Gold', 'Silver', 'Bronze']);
  });

  it('computes hours and overtime by the spec 4 rules, with at most one open entry per employee', async () => {
    const entries = await db.select().from(s.timeEntries);
    const open = entries.filter((e) => e.status === 'active');
    expect(open.length).toBeGreaterThan(0);
    expect(new Set(open.map((e) => e.employeeId)).size).toBe(open.length);
    for (const entry of open)
      expect([entry.clockOut, entry.totalHours, entry.overtimeHours]).toEqual([null, null, null]);
    const closed = entries.filter((e) => e.status !== 'active');
    expect(closed.some((e) => (e.overtimeHours ?? 0) > 0)).toBe(true);
    for (const entry of closed) {
      if (!entry.clockOut || entry.totalHours === null) throw new Error(`entry ${entry.id} is not closed`);
      expect(entry.totalHours).toBe(entryHours(entry.clockIn, entry.clockOut));
      expect(entry.overtimeHours).toBe(overtimeHours(entry.totalHours));
    }
  });

  it('keeps project progress equal to the share of done tasks', async () => {
    const rows = await db
      .select({
        progress: s.projects.progress,
        share: sql<number>`round(100.0 * count(*) filter (where ${s.tasks.status} = 'done') / count(*))::int`,
      })
      .from(s.projects)
      .innerJoin(
        s.tasks,
        and(eq(s.tasks.tenantId, s.projects.tenantId), eq(s.tasks.projectId, s.projects.id)),
      )
      .groupBy(s.projects.tenantId, s.projects.id);
    for (const row of rows) expect(row.progress).toBe(row.share);
  });

  it("keeps each task's comment and subtask counts equal to its rows after the bulk load", async () => {
    const rows = await db
      .select({
        kept: sql<string>`concat_ws('/', ${s.tasks.commentCount}, ${s.tasks.subtaskTotal}, ${s.tasks.subtaskDone})`,
        // Spelled out: Drizzle leaves the columns of a one-table select unqualified.
        counted: sql<string>`concat_ws('/',
          (select count(*) from task_comments c where c.tenant_id = tasks.tenant_id and c.task_id = tasks.id),
          (select count(*) from subtasks st where st.tenant_id = tasks.tenant_id and st.task_id = tasks.id),
          (select count(*) from subtasks st
            where st.tenant_id = tasks.tenant_id and st.task_id = tasks.id and st.completed))`,
      })
      .from(s.tasks);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.kept !== '0/0/0')).toBe(true);
    for (const row of rows) expect(row.kept).toBe(row.counted);
  });

  it('keeps campaign funnels plausible (sent >= delivered >= opened >= clicked)', async () => {
    for (const c of await db.select().from(s.campaigns)) {
      expect(c.sent).toBeGreaterThanOrEqual(c.delivered);
      expect(c.delivered).toBeGreaterThanOrEqual(c.opened);
      expect(c.opened).toBeGreaterThanOrEqual(c.clicked);
      expect(c.bounced).toBe(c.sent - c.delivered);
    }
  });

  it('gives an email campaign the revenue of the customers credited to it, and only customers a date and a campaign', async () => {
    const campaigns = await db
      .select({
        type: s.campaigns.type,
        revenue: s.campaigns.revenue,
        credited: sql<string>`(select coalesce(sum(l.value), 0) from leads l
          where l.tenant_id = campaigns.tenant_id and l.attributed_campaign_id = campaigns.id)`.mapWith(
          Number,
        ),
      })
      .from(s.campaigns);
    const email = campaigns.filter((c) => c.type === 'email');
    expect(email.length).toBeGreaterThan(0);
    for (const c of email) expect(c.revenue).toBe(c.credited);
    expect(email.some((c) => c.revenue > 0)).toBe(true);
    const leads = await db
      .select({
        status: s.leads.status,
        convertedAt: s.leads.convertedAt,
        campaign: s.leads.attributedCampaignId,
      })
      .from(s.leads);
    for (const lead of leads) {
      expect(lead.convertedAt !== null).toBe(lead.status === 'customer');
      if (lead.campaign) expect(lead.status).toBe('customer');
    }
  });

  it('uses the spec reminder defaults (popup 15 minutes, email 60)', async () => {
    const reminders = await db
      .selectDistinct({ type: s.eventReminders.type, minutes: s.eventReminders.minutesBefore })
      .from(s.eventReminders);
    expect(reminders.sort((a, b) => a.minutes - b.minutes)).toEqual([
      { type: 'popup', minutes: 15 },
      { type: 'email', minutes: 60 },
    ]);
  });

  it('has the demo people: the admin is the first employee, the customer is not an employee', async () => {
    const people = await db
      .select({ code: s.employees.employeeCode, email: s.employees.email })
      .from(s.employees);
    expect(people.find((p) => p.code === 'EMP001')?.email).toBe('admin@acme.test');
    const emails = people.map((p) => p.email);
    expect(emails).toEqual(
      expect.arrayContaining(['manager@acme.test', 'employee@acme.test', 'contractor@acme.test']),
    );
    expect(emails).not.toContain('customer@acme.test');
    const customerTickets = await db
      .select({ n: count() })
      .from(s.tickets)
      .where(eq(s.tickets.customerEmail, 'customer@acme.test'));
    expect(customerTickets[0]?.n).toBeGreaterThan(0);
  });

  it('refuses to seed the workspace twice, and replaces it on reset', async () => {
    await expect(seedDemo(database, { scale: 'demo', now })).rejects.toBeInstanceOf(
      WorkspaceAlreadySeededError,
    );
    const before = await findDemoWorkspace(db);
    await seedDemo(database, { scale: 'demo', now, reset: true });
    expect(await findDemoWorkspace(db)).toEqual(before);
    expect((await db.select({ n: count() }).from(s.employees))[0]?.n).toBe(50);
  });
});

describe('determinism', () => {
  it('gives identical rows for the same reference date', async () => {
    const snapshots = [];
    for (const _ of [1, 2]) {
      const database = await openTestDatabase();
      try {
        await seedDemo(database, { scale: 'demo', now });
        snapshots.push({
          employees: await database.db.select().from(s.employees).orderBy(asc(s.employees.employeeCode)),
          tasks: await database.db.select().from(s.tasks).orderBy(asc(s.tasks.id)),
        });
      } finally {
        await database.dispose();
      }
    }
    expect(snapshots[0]?.employees).toHaveLength(50);
    expect(snapshots[1]).toEqual(snapshots[0]);
  });
});

describe('large profile', () => {
  it('generates 1% of the large volumes with the same shape', async () => {
    const database = await openTestDatabase();
    try {
      const counts = scaleCounts(seedProfiles.large.counts, 0.01);
      const result = await seedDemo(database, { scale: 'large', now, counts });
      expect(result.counts).toMatchObject({ employees: 100, projects: 20, tickets: 1_000, leads: 2_000 });
      const [timeEntries, tasks] = [result.counts.time_entries ?? 0, result.counts.tasks ?? 0];
      expect(timeEntries).toBeGreaterThanOrEqual(100 * 80);
      expect(timeEntries).toBeLessThanOrEqual(100 * 120);
      expect(tasks).toBeGreaterThanOrEqual(20 * 25);
      expect(tasks).toBeLessThanOrEqual(20 * 75);
      expect(await findDemoWorkspace(database.db, 'large')).toMatchObject({ slug: 'acme-large' });
    } finally {
      await database.dispose();
    }
  });
});
