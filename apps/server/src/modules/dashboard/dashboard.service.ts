import type { Db } from '@atrium/db';
import {
  can,
  changeVersusLastMonth,
  clickThroughRate,
  dashboardKpiLabels,
  employeeFullName,
  lastMonthInstant,
  projectProgressLimit,
  projectScheduleStatus,
  scheduleStatusLabels,
  teamAvatarLimit,
  todayIn,
  upcomingTasksLimit,
  type Dashboard,
  type DashboardKpi,
  type DashboardKpiId,
  type ProjectProgressItem,
  type UpcomingTask,
} from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import type { WorkspaceMemo } from '../../platform/db/workspace-memo';
import type { ProjectScope } from '../reports';
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

export function createDashboardService(db: Db, memo: WorkspaceMemo) {
  /** Contractors (no projects:view-all) count and list only the projects they are on. */
  const projectScope = (member: Member): ProjectScope => ({
    memberOf: can(member.role, 'projects:view-all') ? undefined : member.employeeId,
  });

  async function kpis(member: Member, monthAgo: Date): Promise<DashboardKpi[]> {
    const { tenantId, role } = member;
    const [employees, projects, tickets, campaigns] = await Promise.all([
      can(role, 'people:view') ? repo.employees(db, tenantId, monthAgo) : null,
      can(role, 'projects:view') ? repo.activeProjects(db, tenantId, projectScope(member), monthAgo) : null,
      can(role, 'helpdesk:view') ? repo.openTickets(db, tenantId, monthAgo) : null,
      can(role, 'marketing:view') ? repo.campaignTotals(db, tenantId) : null,
    ]);
    const cards: DashboardKpi[] = [];
    if (employees) cards.push(countKpi('total-employees', employees));
    if (projects) cards.push(countKpi('active-projects', projects));
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

  async function upcomingTasks(member: Member, today: string): Promise<UpcomingTask[]> {
    if (!member.employeeId) return [];
    const rows = await repo.upcomingTasks(
      db,
      member.tenantId,
      member.employeeId,
      projectScope(member),
      upcomingTasksLimit,
    );
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

  async function projectProgress(member: Member, today: string): Promise<ProjectProgressItem[]> {
    const projects = await repo.activeProjectList(
      db,
      member.tenantId,
      projectScope(member),
      projectProgressLimit,
      teamAvatarLimit,
    );
    return projects.map((project) => {
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
        team: (project.team ?? []).map((m) => ({
          id: m.id,
          name: employeeFullName(m),
          avatarUrl: m.avatarUrl,
        })),
      };
    });
  }

  return {
    /** GET /dashboard: the KPI cards, the member's upcoming tasks and the active projects (spec 2). */
    async dashboard(member: Member): Promise<Dashboard> {
      const { timeZone } = member;
      const now = new Date();
      const today = todayIn(timeZone, now);
      const seesProjects = can(member.role, 'projects:view');
      // The cards count the whole workspace and are the same for everyone who may see the same
      // ones: kept until something in the workspace changes (contractors count only their projects).
      const scope = projectScope(member);
      const cardsKey = JSON.stringify(['dashboard-kpis', member.role, scope.memberOf ?? null, today]);
      const [cards, upcoming, progress] = await Promise.all([
        memo.get(member.tenantId, cardsKey, () => kpis(member, lastMonthInstant(now))),
        seesProjects ? upcomingTasks(member, today) : null,
        seesProjects ? projectProgress(member, today) : null,
      ]);
      return { today, kpis: cards, upcomingTasks: upcoming, projectProgress: progress };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
