import { lazy, Suspense, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Action } from '@atrium/shared';
import { ListSkeleton } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { hasPermission, useMe } from '../../accounts';
import { ApiTokensPanel } from '../../api-tokens';
import { MembersPanel } from '../../members';
import { NotificationPreferencesPanel } from '../../notifications';
import { SystemStatusPanel } from '../../system-status';
import { WorkspaceSettingsForm } from '../../workspace';
import { BackgroundJobsPanel } from '../components/background-jobs-panel';
import { OutboxPanel } from '../components/outbox-panel';

// The help desk's settings load with their tab, not with every settings page.
const HelpdeskSettingsPanel = lazy(() =>
  import('../../helpdesk').then((module) => ({ default: module.HelpdeskSettingsPanel })),
);

const MarketingSettingsPanel = lazy(() =>
  import('../../marketing').then((module) => ({ default: module.MarketingSettingsPanel })),
);

type SettingsTab = {
  id: string;
  label: string;
  /** Shown only to members allowed this; tabs without one are every member's own settings. */
  action?: Action;
  panel: (showTab: (id: string) => void) => ReactNode;
};

/** One entry per tab: a module adds its settings here. */
const tabs: SettingsTab[] = [
  { id: 'workspace', label: 'Workspace', action: 'settings:manage', panel: () => <WorkspaceSettingsForm /> },
  {
    id: 'members',
    label: 'Members',
    action: 'settings:manage',
    panel: (showTab) => <MembersPanel onShowOutbox={() => showTab('outbox')} />,
  },
  { id: 'outbox', label: 'Outbox', action: 'settings:manage', panel: () => <OutboxPanel /> },
  { id: 'notifications', label: 'Notifications', panel: () => <NotificationPreferencesPanel /> },
  { id: 'api-tokens', label: 'API tokens', panel: () => <ApiTokensPanel /> },
  {
    id: 'helpdesk',
    label: 'Help desk',
    action: 'helpdesk:manage',
    panel: () => (
      <Suspense fallback={<ListSkeleton label="Loading the help desk settings" rows={3} />}>
        <HelpdeskSettingsPanel />
      </Suspense>
    ),
  },
  {
    id: 'marketing',
    label: 'Marketing',
    action: 'marketing:manage',
    panel: () => (
      <Suspense fallback={<ListSkeleton label="Loading the marketing settings" rows={3} />}>
        <MarketingSettingsPanel />
      </Suspense>
    ),
  },
  { id: 'jobs', label: 'Background jobs', action: 'settings:manage', panel: () => <BackgroundJobsPanel /> },
  // The server's database and uptime are for whoever runs it, not for every member (issue 20).
  { id: 'system', label: 'System status', action: 'settings:manage', panel: () => <SystemStatusPanel /> },
];

/** /settings: a member's own settings, and for Admins the workspace, its members and its mail. */
export function SettingsPage() {
  const me = useMe();
  const visible = tabs.filter((tab) => !tab.action || hasPermission(me, tab.action));
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab = visible.find((candidate) => candidate.id === requested) ?? visible[0]!;
  // The tab lives in the address, so a link (or a reload) opens the same one.
  const showTab = (next: string) => setSearchParams({ tab: next }, { replace: true });
  const admin = hasPermission(me, 'settings:manage');

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <title>Settings — Atrium</title>
      <PageHeader
        title="Settings"
        description={admin ? 'Your workspace, its members and the mail it sends.' : 'Your own settings.'}
      />
      <Tabs value={tab.id} onValueChange={showTab} className="mt-6">
        <TabsList aria-label="Settings sections">
          {visible.map(({ id, label }) => (
            <TabsTrigger key={id} value={id}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {visible.map(({ id, panel }) => (
          <TabsContent key={id} value={id}>
            {panel(showTab)}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
