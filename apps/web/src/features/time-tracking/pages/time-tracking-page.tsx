import { PageHeader } from '../../../components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { hasPermission, useMe } from '../../accounts';
import { useWorkspaceTimeZone } from '../../workspace';
import { ApprovalQueueTab } from '../components/approval-queue-tab';
import { ExportTimesheetDialog } from '../components/export-timesheet-dialog';
import { LiveClockTab } from '../components/live-clock-tab';
import { ManualEntryDialog } from '../components/manual-entry-dialog';
import { MyClockPanel } from '../components/my-clock-panel';
import { TimeFiltersBar } from '../components/time-filters';
import { TimeStats } from '../components/time-stats';
import { TimesheetTab } from '../components/timesheet-tab';
import {
  timeTrackingTabs,
  useTimeTrackingSearch,
  type TimeTrackingTab,
} from '../hooks/use-time-tracking-search';
import { browserTimeZone } from '../lib/zoned-time';

const tabLabels: Record<TimeTrackingTab, string> = {
  timesheet: 'Timesheet',
  live: 'Live Clock',
  approval: 'Approval Queue',
};

/**
 * /team/time-tracking (spec 2 "Time Tracking"; issue 4). Everyone who tracks time clocks in and out
 * and sees their own entries; time:manage sees everyone's, decides the Approval Queue, adds and
 * corrects entries and exports the payroll CSV.
 */
export function TimeTrackingPage() {
  const me = useMe();
  const canManage = hasPermission(me, 'time:manage');
  // people:view lists the employees to filter by; without time:manage there is only oneself anyway.
  const canChooseEmployee = canManage && hasPermission(me, 'people:view');
  const timeZone = useWorkspaceTimeZone() ?? browserTimeZone();
  const search = useTimeTrackingSearch();
  const tabs = timeTrackingTabs.filter((tab) => tab !== 'approval' || canManage);
  const tab = tabs.includes(search.tab) ? search.tab : 'timesheet';
  const filters = canChooseEmployee ? search.filters : { ...search.filters, employeeId: undefined };

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{`Time Tracking — ${me.workspace.name} — Atrium`}</title>
      <PageHeader
        title="Time Tracking"
        description={
          canManage
            ? 'Clock in and out, review timesheets and approve hours and overtime.'
            : 'Clock in and out and review your own timesheet.'
        }
        actions={
          canManage ? (
            <>
              <ManualEntryDialog timeZone={timeZone} />
              <ExportTimesheetDialog timeZone={timeZone} />
            </>
          ) : null
        }
      />
      {me.employeeId ? <MyClockPanel employeeId={me.employeeId} timeZone={timeZone} /> : null}
      <TimeFiltersBar
        filters={filters}
        showEmployee={canChooseEmployee}
        onEmployeeChange={search.setEmployee}
        onRangeChange={search.setRange}
        onStatusChange={search.setStatus}
      />
      <TimeStats filters={filters} />
      <Tabs value={tab} onValueChange={(next) => search.showTab(next as TimeTrackingTab)}>
        <TabsList aria-label="Time tracking views">
          {tabs.map((id) => (
            <TabsTrigger key={id} value={id}>
              {tabLabels[id]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="timesheet">
          <TimesheetTab
            filters={filters}
            timeZone={timeZone}
            canManage={canManage}
            ownEmployeeId={me.employeeId}
          />
        </TabsContent>
        <TabsContent value="live">
          <LiveClockTab timeZone={timeZone} canManage={canManage} ownEmployeeId={me.employeeId} />
        </TabsContent>
        {canManage ? (
          <TabsContent value="approval">
            <ApprovalQueueTab filters={filters} timeZone={timeZone} ownEmployeeId={me.employeeId} />
          </TabsContent>
        ) : null}
      </Tabs>
    </div>
  );
}
