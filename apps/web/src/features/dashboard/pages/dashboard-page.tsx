import { PageHeader } from '../../../components/ui/page-header';
import { roleLabels } from '../../../lib/role-labels';
import { hasPermission, useMe } from '../../accounts';
import { SystemStatusPanel } from '../../system-status';
import { RecentActivity } from '../components/recent-activity';

/**
 * /dashboard. The spec's KPI cards, tasks and project progress come with the modules that own the
 * data; until then: the workspace, what happened in it lately, and the server's health.
 */
export function DashboardPage() {
  const me = useMe();
  const firstName = me.user.name.split(/\s+/)[0] ?? me.user.name;
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-8 sm:px-6 lg:px-8">
      <title>{`Dashboard — ${me.workspace.name} — Atrium`}</title>
      <PageHeader
        title={`Welcome to ${me.workspace.name}`}
        description={`Good to see you, ${firstName}. You are signed in as ${roleLabels[me.workspace.role]}.`}
      />
      {hasPermission(me, 'activity:view') ? <RecentActivity /> : null}
      <SystemStatusPanel />
    </div>
  );
}
