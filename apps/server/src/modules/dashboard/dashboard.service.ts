import type { Db } from '@atrium/db';
import {
  allows,
  changeVersusLastMonth,
  clickThroughRate,
  dashboardKpiLabels,
  employeeFullName,
  gettingStartedProgress,
  gettingStartedStepIds,
  lastMonthInstant,
  projectProgressLimit,
  projectScheduleStatus,
  scheduleStatusLabels,
  todayIn,
  upcomingTasksLimit,
  type Dashboard,
  type DashboardKpi,
  type DashboardKpiId,
  type GettingStarted,
  type ProjectProgressItem,
  type UpcomingTask,
} from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import { notFound } from '../../platform/errors/app-error';
import type { WorkspaceMemo } from '../../platform/db/workspace-memo';
import { openTicketCounts } from '../helpdesk';
import type { ProjectScope, ProjectsService } from '../projects';
import { dashboardRepository as repo, type KpiCounts } from './dashboard.repository';

function countKpi(id: DashboardKpiId, counts: KpiCounts): DashboardKpi {
  return {
    id,
    label: dashboardKpiLabels[id],
    value: counts.current,
    unit: 'count',
    lastMonth: counts.lastMonth,
    changePercent: changeVersusLastMonth(counts.current, counts.lastMonth),
  };
}

/** The permissions that decide which KPI cards a member gets (besides the projects they see). */
const kpiActions = ['people:view', 'helpdesk:view', 'marketing:view'] as const;

export function createDashboardService({
  db,
  memo,
  projects,
}: {
  db: Db;
  memo: WorkspaceMemo;
  projects: ProjectsService;
}) {
  /** The cards count the projects the member sees (none without projects:view: `scope` is null). */
  async function kpis(member: Member, scope: ProjectScope | null, monthAgo: Date): Promise<DashboardKpi[]> {
    const { tenantId } = member;
    const [employees, activeProjects, tickets, campaigns] = await Promise.all([
      allows(member, 'people:view') ? repo.employees(db, tenantId, monthAgo) : null,
      scope ? repo.activeProjects(db, scope, monthAgo) : null,
      // The help desk overview's own count (issue 21: the card stays consistent with it).
      allows(member, 'helpdesk:view') ? openTicketCounts(db, tenantId, monthAgo) : null,
      allows(member, 'marketing:view') ? repo.campaignTotals(db, tenantId) : null,
    ]);
    const cards: DashboardKpi[] = [];
    if (employees) cards.push(countKpi('total-employees', employees));
    if (activeProjects) cards.push(countKpi('active-projects', activeProjects));
    if (tickets) cards.push(countKpi('open-tickets', tickets));
    if (campaigns) {
      // The campaign metrics are running totals without dated history: no honest figure for a
      // month ago exists, so there is no change to show.
      cards.push({
        id: 'campaign-ctr',
        label: dashboardKpiLabels['campaign-ctr'],
        value: clickThroughRate(campaigns.clicked, campaigns.delivered),
        unit: 'percent',
        lastMonth: null,
        changePercent: null,
      });
    }
    return cards;
  }

  async function upcomingTasks(member: Member, scope: ProjectScope, today: string): Promise<UpcomingTask[]> {
    if (!member.employeeId) return [];
    const rows = await repo.upcomingTasks(db, {
      scope,
      employeeId: member.employeeId,
      limit: upcomingTasksLimit,
    });
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      project: { id: row.projectId, name: row.projectName },
      status: row.status,
      priority: row.priority,
      dueDate: row.dueDate,
      overdue: row.dueDate !== null && row.dueDate < today,
      assignee: {
        id: row.assigneeId,
        name: employeeFullName({ firstName: row.assigneeFirstName, lastName: row.assigneeLastName }),
      },
    }));
  }

  async function projectProgress(scope: ProjectScope, today: string): Promise<ProjectProgressItem[]> {
    const active = await projects.activeProjects(scope, projectProgressLimit);
    return active.map((project) => {
      const status = projectScheduleStatus(project, today);
      return {
        id: project.id,
        name: project.name,
        progress: project.progress,
        scheduleStatus: status,
        scheduleLabel: scheduleStatusLabels[status],
        startDate: project.startDate,
        dueDate: project.endDate,
        teamSize: project.teamSize,
        team: project.team,
      };
    });
  }

  return {
    /** GET /dashboard: the KPI cards, the member's upcoming tasks and the active projects (spec 2). */
    async dashboard(member: Member): Promise<Dashboard> {
      const { timeZone } = member;
      const now = new Date();
      const today = todayIn(timeZone, now);
      const scope = allows(member, 'projects:view') ? await projects.scopeOf(member) : null;
      // The cards count the whole workspace and are the same for everyone who may see the same
      // ones: kept until something in the workspace changes (contractors count only their projects).
      // Keyed by the cards the member may see, not the role: an API token's scopes hide some.
      const shown = kpiActions.filter((action) => allows(member, action));
      const cardsKey = JSON.stringify(['dashboard-kpis', shown, scope?.projectIds ?? null, today]);
      const [cards, upcoming, progress] = await Promise.all([
        memo.get(member.tenantId, cardsKey, () => kpis(member, scope, lastMonthInstant(now))),
        scope ? upcomingTasks(member, scope, today) : null,
        scope ? projectProgress(scope, today) : null,
      ]);
      return { today, kpis: cards, upcomingTasks: upcoming, projectProgress: progress };
    },

    /** GET /dashboard/getting-started: the new workspace's checklist, ticked from its records (issue 20). */
    async gettingStarted(member: Member): Promise<GettingStarted> {
      const facts = await repo.gettingStarted(db, member.tenantId);
      if (!facts) throw notFound('Workspace');
      const done = gettingStartedProgress(facts);
      return {
        steps: gettingStartedStepIds.map((id) => ({ id, done: done[id] })),
        dismissed: facts.dismissed,
      };
    },

    /** PUT /dashboard/getting-started: an Admin puts the checklist away for the workspace, or back. */
    async setGettingStartedDismissed(member: Member, dismissed: boolean): Promise<GettingStarted> {
      await repo.setGettingStartedDismissed(db, member.tenantId, dismissed);
      return this.gettingStarted(member);
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
