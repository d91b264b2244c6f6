import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { roleLabels } from '../../../lib/role-labels';
import { hasPermission, useMe } from '../../accounts';
import { dashboardQueryOptions } from '../api/dashboard.queries';
import { KpiCards } from '../components/kpi-cards';
import { SectionError } from '../components/dashboard-section';
import { GettingStartedChecklist } from '../components/getting-started';
import { ProjectProgress } from '../components/project-progress';
import { RecentActivity } from '../components/recent-activity';
import { ScheduleMeetingDialog } from '../components/schedule-meeting-dialog';
import { UpcomingMeetings } from '../components/upcoming-meetings';
import { UpcomingTasks } from '../components/upcoming-tasks';

/**
 * /dashboard (spec 2 "Dashboard"): for Admins of a new workspace its first steps (issue 20); the KPI
 * cards, the member's tasks and meetings, project progress and recent activity, each shown only to
 * those who may see it.
 */
export function DashboardPage() {
  const me = useMe();
  const dashboard = useQuery(dashboardQueryOptions());
  const firstName = me.user.name.split(/\s+/)[0] ?? me.user.name;
  const seesProjects = hasPermission(me, 'projects:view');
  const usesCalendar = hasPermission(me, 'calendar:use');
  const seesActivity = hasPermission(me, 'activity:view');
  const retry = () => void dashboard.refetch();
  const error = dashboard.isError ? dashboard.error : null;

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6 lg:px-8">
      <title>{`Dashboard — ${me.workspace.name} — Atrium`}</title>
      <PageHeader
        title={`Welcome to ${me.workspace.name}`}
        description={`Good to see you, ${firstName}. You are signed in as ${roleLabels[me.workspace.role]}.`}
        actions={
          <>
            {usesCalendar ? <ScheduleMeetingDialog /> : null}
            {hasPermission(me, 'projects:manage') ? (
              <Link to="/projects/active?new=1" className={buttonClasses()}>
                <Plus aria-hidden="true" className="size-4" />
                New Project
              </Link>
            ) : null}
          </>
        }
      />

      {hasPermission(me, 'settings:manage') ? <GettingStartedChecklist /> : null}

      <section aria-label="Key figures">
        {error ? (
          <div className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            <SectionError error={error} title="The key figures could not be loaded" onRetry={retry} />
          </div>
        ) : (
          <KpiCards kpis={dashboard.data?.kpis} me={me} />
        )}
      </section>

      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className={seesActivity ? 'space-y-6 lg:col-span-2' : 'space-y-6 lg:col-span-3'}>
          {seesProjects ? (
            <UpcomingTasks
              tasks={dashboard.data?.upcomingTasks ?? undefined}
              today={dashboard.data?.today}
              error={error}
              onRetry={retry}
            />
          ) : null}
          {usesCalendar ? <UpcomingMeetings /> : null}
          {seesProjects ? (
            <ProjectProgress
              projects={dashboard.data?.projectProgress ?? undefined}
              error={error}
              onRetry={retry}
            />
          ) : null}
        </div>
        {seesActivity ? <RecentActivity /> : null}
      </div>
    </div>
  );
}
