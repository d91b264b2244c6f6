import type { UpcomingTask } from '@atrium/shared';
import { CalendarClock, CircleAlert, FolderKanban, ListChecks } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { EmptyState } from '../../../components/ui/empty-state';
import { dueLabel, formatPlainDate } from '../lib/meeting-times';
import { DashboardSection, SectionError, SectionSkeleton } from './dashboard-section';
import { PriorityBadge } from './priority-badge';

function DueDate({ task, today }: { task: UpcomingTask; today: string }) {
  if (!task.dueDate) return <span>No due date</span>;
  if (task.overdue) {
    return (
      <span className="inline-flex items-center gap-1 font-medium text-red-700">
        <CircleAlert aria-hidden="true" className="size-3.5" />
        Overdue, was due {formatPlainDate(task.dueDate)}
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1">
      <CalendarClock aria-hidden="true" className="size-3.5" />
      {dueLabel(task.dueDate, today)}
    </span>
  );
}

/** Spec 2 "Dashboard": the signed-in member's next open tasks (priority, project, due date, assignee). */
export function UpcomingTasks({
  tasks,
  today,
  error,
  onRetry,
}: {
  tasks: UpcomingTask[] | undefined;
  today: string | undefined;
  error: Error | null;
  onRetry: () => void;
}) {
  return (
    <DashboardSection
      title="Upcoming Tasks"
      action={
        <Link to="/projects/tasks" className="text-sm font-semibold text-indigo-700 hover:text-indigo-900">
          View all<span className="sr-only"> tasks</span>
        </Link>
      }
    >
      {error ? (
        <SectionError error={error} title="Your tasks could not be loaded" onRetry={onRetry} />
      ) : !tasks || !today ? (
        <SectionSkeleton label="Loading your tasks…" />
      ) : tasks.length === 0 ? (
        <div className="px-4 pt-3 pb-5 sm:px-6">
          <EmptyState
            icon={ListChecks}
            title="No upcoming tasks"
            description="Open tasks assigned to you show up here, the earliest due first."
          />
        </div>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {tasks.map((task) => (
            <li key={task.id} className="flex items-start gap-3 px-4 py-3 sm:px-6">
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <p className="font-medium text-slate-900">{task.title}</p>
                  <PriorityBadge priority={task.priority} />
                </div>
                <p className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-sm text-slate-600">
                  <span className="inline-flex items-center gap-1">
                    <FolderKanban aria-hidden="true" className="size-3.5" />
                    <span className="sr-only">Project: </span>
                    {task.project.name}
                  </span>
                  <DueDate task={task} today={today} />
                </p>
              </div>
              <span
                className="flex shrink-0 items-center gap-2 text-sm text-slate-600"
                title={task.assignee.name}
              >
                <Avatar name={task.assignee.name} size="sm" />
                <span className="sr-only">Assigned to {task.assignee.name}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}
