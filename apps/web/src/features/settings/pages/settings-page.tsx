import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { MembersPanel } from '../../members';
import { WorkspaceSettingsForm } from '../../workspace';
import { OutboxPanel } from '../components/outbox-panel';

const tabs = [
  { id: 'workspace', label: 'Workspace' },
  { id: 'members', label: 'Members' },
  { id: 'outbox', label: 'Outbox' },
] as const;
type TabId = (typeof tabs)[number]['id'];

const isTab = (value: string | null): value is TabId => tabs.some((tab) => tab.id === value);

/** /settings, Admin-only (issue 3): the workspace, its members and the mail it sent. */
export function SettingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: TabId = isTab(requested) ? requested : 'workspace';
  // The tab lives in the address, so a link (or a reload) opens the same one.
  const showTab = (next: string) => setSearchParams({ tab: next }, { replace: true });

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <title>Settings — Atrium</title>
      <PageHeader title="Settings" description="Your workspace, its members and the mail it sends." />
      <Tabs.Root value={tab} onValueChange={showTab} className="mt-6">
        <Tabs.List aria-label="Settings sections" className="flex gap-1 border-b border-slate-200">
          {tabs.map(({ id, label }) => (
            <Tabs.Trigger
              key={id}
              value={id}
              className="-mb-px border-b-2 border-transparent px-4 py-2.5 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:border-indigo-600 data-[state=active]:text-indigo-700"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="workspace" className="mt-6 focus-visible:outline-none">
          <WorkspaceSettingsForm />
        </Tabs.Content>
        <Tabs.Content value="members" className="mt-6 focus-visible:outline-none">
          <MembersPanel onShowOutbox={() => showTab('outbox')} />
        </Tabs.Content>
        <Tabs.Content value="outbox" className="mt-6 focus-visible:outline-none">
          <OutboxPanel />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
