import { useInfiniteQuery } from '@tanstack/react-query';
import {
  Activity,
  Building2,
  CalendarClock,
  CalendarDays,
  Clock,
  FolderKanban,
  ListChecks,
  Mail,
  Star,
  Target,
  UserRound,
  UserRoundCog,
  type LucideIcon,
} from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime, formatRelative } from '../../../lib/dates';
import { useWorkspaceTimeZone } from '../../workspace';
import { recentActivityQueryOptions } from '../api/activity.queries';
import { DashboardSection, SectionError, SectionSkeleton } from './dashboard-section';

/** The kind of record each entry is about, as an icon and the word a screen reader says instead. */
const entryTypes: Record<string, { icon: LucideIcon; label: string }> = {
  project: { icon: FolderKanban, label: 'Project' },
  task: { icon: ListChecks, label: 'Task' },
  employee: { icon: UserRound, label: 'Employee' },
  time_entry: { icon: Clock, label: 'Time entry' },
  shift: { icon: CalendarClock, label: 'Shift' },
  schedule: { icon: CalendarClock, label: 'Schedule' },
  performance_review: { icon: Star, label: 'Performance review' },
  goal: { icon: Target, label: 'Goal' },
  member: { icon: UserRoundCog, label: 'Member' },
  invitation: { icon: Mail, label: 'Invitation' },
  workspace: { icon: Building2, label: 'Workspace' },
  calendar_event: { icon: CalendarDays, label: 'Meeting' },
};
const otherEntry = { icon: Activity, label: 'Change' };

/** Spec section 2, "Dashboard": the Recent Activity list (type, title, user, time), from the activity log. */
export function RecentActivity() {
  const timeZone = useWorkspaceTimeZone();
  const activity = useInfiniteQuery(recentActivityQueryOptions());
  const items = activity.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <DashboardSection title="Recent Activity">
      {activity.isPending ? (
        <SectionSkeleton label="Loading the recent activity…" />
      ) : activity.isError ? (
        <SectionError
          error={activity.error}
          title="The recent activity could not be loaded"
          onRetry={() => void activity.refetch()}
        />
      ) : items.length === 0 ? (
        <div className="px-4 pt-3 pb-5 sm:px-6">
          <EmptyState
            icon={Activity}
            title="No activity yet"
            description="Changes people make in the workspace — invitations, projects, tasks — show up here."
          />
        </div>
      ) : (
        <>
          <ul className="mt-3 divide-y divide-slate-100">
            {items.map((item) => {
              const type = entryTypes[item.entityType] ?? otherEntry;
              const Icon = type.icon;
              return (
                <li key={item.id} className="flex gap-3 px-4 py-3 sm:px-6">
                  <span
                    aria-hidden="true"
                    className="grid size-9 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-700"
                  >
                    <Icon className="size-4" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="text-sm break-words text-slate-800">
                      <span className="sr-only">{type.label}: </span>
                      <span className="font-semibold text-slate-900">{item.actorName}</span> {item.summary}
                    </p>
                    <p className="mt-0.5 text-xs text-slate-600">
                      <time dateTime={item.occurredAt} title={formatDateTime(item.occurredAt, timeZone)}>
                        {formatRelative(item.occurredAt)}
                      </time>
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
          {activity.hasNextPage ? (
            <div className="border-t border-slate-100 px-4 py-3 sm:px-6">
              <Button
                variant="ghost"
                size="sm"
                onClick={() => void activity.fetchNextPage()}
                disabled={activity.isFetchingNextPage}
              >
                {activity.isFetchingNextPage ? <Spinner /> : null}
                Show more
              </Button>
            </div>
          ) : null}
        </>
      )}
    </DashboardSection>
  );
}
