import { sql } from 'drizzle-orm';
import type { Db, schema } from '@atrium/db';
import type { GettingStartedFacts } from '@atrium/shared';
import { inIdSet } from '../../platform/db/id-set';
import { rowsOf } from '../../platform/db/results';
import type { ProjectScope } from '../projects';

const instant = (value: Date) => sql`${value.toISOString()}::timestamptz`;

/** A figure now and 30 days ago (null when its history is not kept). */
export type KpiCounts = { current: number; lastMonth: number | null };

type Employee = typeof schema.employees.$inferSelect;

/** An open task of the employee with its project's name (their assignee is the employee). */
export type UpcomingTaskRow = Pick<
  typeof schema.tasks.$inferSelect,
  'id' | 'title' | 'status' | 'priority' | 'dueDate' | 'projectId'
> & {
  projectName: (typeof schema.projects.$inferSelect)['name'];
  assigneeId: Employee['id'];
  assigneeFirstName: Employee['firstName'];
  assigneeLastName: Employee['lastName'];
};

/** The projects of the scope, as a condition on `projects p`. */
function projectsWhere(scope: ProjectScope) {
  const seen = inIdSet(sql`p.id`, scope.projectIds);
  return sql`p.tenant_id = ${scope.tenantId} ${seen ? sql`and ${seen}` : sql``}`;
}

export const dashboardRepository = {
  /**
   * What the getting-started checklist is ticked from (issue 20), in one read. The counts stop at 2:
   * the rule only asks "any" or "more than the creator", and a large workspace is not counted through.
   */
  async gettingStarted(
    db: Db,
    tenantId: string,
  ): Promise<(GettingStartedFacts & { dismissed: boolean }) | undefined> {
    const result = await db.execute(sql`
      select
        (select count(*) from (select 1 from invitations i where i.organization_id = w.id limit 1) x)::int
          as "invitations",
        (select count(*) from (select 1 from memberships m where m.organization_id = w.id limit 2) x)::int
          as "members",
        (select count(*) from (select 1 from employees e
          where e.tenant_id = w.id and e.deleted_at is null limit 2) x)::int as "employees",
        (select count(*) from (select 1 from projects p where p.tenant_id = w.id limit 1) x)::int
          as "projects",
        w.version > 1 as "settingsSaved",
        w.getting_started_dismissed_at is not null as "dismissed"
      from workspaces w where w.id = ${tenantId}`);
    return rowsOf<GettingStartedFacts & { dismissed: boolean }>(result)[0];
  },

  async setGettingStartedDismissed(db: Db, tenantId: string, dismissed: boolean): Promise<void> {
    await db.execute(sql`
      update workspaces set getting_started_dismissed_at = ${dismissed ? sql`now()` : sql`null`}
      where id = ${tenantId}`);
  },

  /**
   * Total Employees: the directory's people (not deleted). A month ago: those created by then and
   * not deleted by then — employees are soft-deleted, so both instants are kept.
   */
  async employees(db: Db, tenantId: string, monthAgo: Date): Promise<KpiCounts> {
    const result = await db.execute(sql`
      select (count(*) filter (where e.deleted_at is null))::int as "current",
        (count(*) filter (where e.created_at <= ${instant(monthAgo)}
          and (e.deleted_at is null or e.deleted_at > ${instant(monthAgo)})))::int as "lastMonth"
      from employees e where e.tenant_id = ${tenantId}`);
    return rowsOf<KpiCounts>(result)[0]!;
  },

  /**
   * Active Projects. A month ago: projects that existed then, with the status they had then — the
   * `before.status` of their first activity-log change after that moment (services log every
   * change with data { before, after } in the change's transaction), or else their status today.
   * Projects deleted since are gone and not counted.
   */
  async activeProjects(db: Db, scope: ProjectScope, monthAgo: Date): Promise<KpiCounts> {
    // The status changes since then are read once through activity_log_status_change_idx (only
    // entries that carry a status), not looked up in each project's whole history.
    const result = await db.execute(sql`
      select (count(*) filter (where p.status = 'active'))::int as "current",
        (count(*) filter (where p.created_at <= ${instant(monthAgo)}
          and coalesce(since.status, p.status::text) = 'active'))::int as "lastMonth"
      from projects p
      left join (
        select distinct on (a.entity_id) a.entity_id, a.data -> 'before' ->> 'status' as status
        from activity_log a
        where a.tenant_id = ${scope.tenantId} and a.entity_type = 'project'
          and a.occurred_at > ${instant(monthAgo)} and a.data -> 'before' ->> 'status' is not null
        order by a.entity_id, a.occurred_at, a.id
      ) since on since.entity_id = p.id
      where ${projectsWhere(scope)}`);
    return rowsOf<KpiCounts>(result)[0]!;
  },

  /** The campaigns' running totals (spec 3 Campaign.metrics): clicked and delivered. */
  async campaignTotals(db: Db, tenantId: string) {
    const result = await db.execute(sql`
      select coalesce(sum(c.clicked), 0)::float8 as "clicked", coalesce(sum(c.delivered), 0)::float8 as "delivered"
      from campaigns c where c.tenant_id = ${tenantId}`);
    return rowsOf<{ clicked: number; delivered: number }>(result)[0]!;
  },

  /**
   * The employee's open tasks on projects in scope: earliest due date first (overdue ones lead),
   * those without one last; higher priority first on the same day.
   */
  async upcomingTasks(db: Db, query: { scope: ProjectScope; employeeId: string; limit: number }) {
    const { scope, employeeId, limit } = query;
    const result = await db.execute(sql`
      select t.id, t.title, t.status::text as "status", t.priority::text as "priority",
        t.due_date::text as "dueDate", p.id as "projectId", p.name as "projectName",
        e.id as "assigneeId", e.first_name as "assigneeFirstName", e.last_name as "assigneeLastName"
      from tasks t
      join projects p on p.tenant_id = t.tenant_id and p.id = t.project_id
      join employees e on e.tenant_id = t.tenant_id and e.id = t.assignee_id
      where t.tenant_id = ${scope.tenantId} and t.assignee_id = ${employeeId} and t.status <> 'done'
        and ${projectsWhere(scope)}
      order by t.due_date asc nulls last, t.priority desc, t.id
      limit ${limit}`);
    return rowsOf<UpcomingTaskRow>(result);
  },
};
