import {
  cardStatusOptions,
  projectStatusLabels,
  type ProjectStatus,
  type ProjectSummary,
} from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Eye, ListTodo, Pencil, SquareKanban, Trash2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Avatar } from '../../../components/ui/avatar';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Select } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { changeProjectStatus, projectDependentQueryKeys, projectsQueryKey } from '../api/projects.queries';
import { formatBudget, formatDay, formatCount, plural } from '../lib/format';
import { PriorityDot, ProjectProgressBar, ProjectStatusBadge } from './project-badges';

export type ProjectActionHandlers = {
  onView: (project: ProjectSummary) => void;
  onEdit: (project: ProjectSummary) => void;
  onDelete: (project: ProjectSummary) => void;
};

export const boardPath = (projectId: string) => `/projects/kanban?projectId=${encodeURIComponent(projectId)}`;
export const tasksPath = (projectId: string) => `/projects/tasks?projectId=${encodeURIComponent(projectId)}`;

/** Spec 2, "Project card", one per project. */
export function ProjectCard({
  project,
  canManage,
  handlers,
}: {
  project: ProjectSummary;
  canManage: boolean;
  handlers: ProjectActionHandlers;
}) {
  const headingId = useId();
  return (
    <li
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-1 flex-col gap-4 p-4 sm:p-5">
        <div className="flex items-center justify-between gap-3">
          <PriorityDot priority={project.priority} />
          <ProjectStatusBadge status={project.status} />
        </div>
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-semibold break-words text-slate-900">
            {project.name}
          </h3>
          {project.description ? (
            <p className="mt-1 line-clamp-2 text-sm break-words text-slate-600" title={project.description}>
              {project.description}
            </p>
          ) : (
            <p className="mt-1 text-sm text-slate-600 italic">No description</p>
          )}
        </div>
        <div>
          <p className="mb-1.5 text-sm font-medium text-slate-700">Progress</p>
          <ProjectProgressBar name={project.name} progress={project.progress} />
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
          <CardFact label="Tasks">
            {formatCount(project.tasksDone)}/{formatCount(project.tasksTotal)} done
          </CardFact>
          <CardFact label="Team">{plural(project.teamCount, 'member', 'members')}</CardFact>
          <CardFact label="Manager">
            {project.manager ? (
              <span className="block truncate" title={project.manager.name}>
                {project.manager.name}
              </span>
            ) : (
              <span className="text-slate-600 italic">No manager</span>
            )}
          </CardFact>
          <CardFact label="Budget">
            <span className="tabular-nums">{formatBudget(project.budget)}</span>
          </CardFact>
          <CardFact label="Due date">
            <DueDate project={project} />
          </CardFact>
        </dl>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3">
          <TeamAvatars project={project} />
          {project.overdueTasks > 0 ? (
            <p className="inline-flex items-center gap-1.5 rounded-md bg-amber-50 px-2 py-1 text-sm font-medium text-amber-900 ring-1 ring-amber-600/20 ring-inset">
              <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
              {plural(project.overdueTasks, 'overdue task', 'overdue tasks')}
            </p>
          ) : null}
        </div>
      </div>
      <div className="space-y-3 border-t border-slate-100 px-4 py-3 sm:px-5">
        {canManage ? (
          <div className="flex items-center gap-2">
            <StatusSelect project={project} />
            <Button
              variant="ghost"
              size="sm"
              className="ml-auto size-9 px-0"
              aria-label={`Edit ${project.name}`}
              title="Edit"
              onClick={() => handlers.onEdit(project)}
            >
              <Pencil aria-hidden="true" className="size-4" />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="size-9 px-0 text-red-700 hover:bg-red-50 hover:text-red-800"
              aria-label={`Delete ${project.name}`}
              title="Delete"
              onClick={() => handlers.onDelete(project)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </div>
        ) : null}
        {/* A phone has room for the three in one row only without icons and with the shorter word. */}
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" size="sm" onClick={() => handlers.onView(project)}>
            <Eye aria-hidden="true" className="hidden size-4 sm:block" />
            <span className="hidden sm:inline">View details</span>
            <span className="sm:hidden">Details</span>
            <span className="sr-only"> of {project.name}</span>
          </Button>
          <Link to={boardPath(project.id)} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
            <SquareKanban aria-hidden="true" className="hidden size-4 sm:block" />
            Open board<span className="sr-only"> of {project.name}</span>
          </Link>
          <Link to={tasksPath(project.id)} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
            <ListTodo aria-hidden="true" className="hidden size-4 sm:block" />
            Tasks<span className="sr-only"> of {project.name}</span>
          </Link>
        </div>
      </div>
    </li>
  );
}

function CardFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** Spec 2: the due (end) date, red once it has passed — in words too, not by colour alone. */
export function DueDate({ project }: { project: Pick<ProjectSummary, 'endDate' | 'pastDue'> }) {
  if (!project.endDate) return <span className="text-slate-600 italic">No end date</span>;
  return project.pastDue ? (
    <span className="text-red-700">
      {formatDay(project.endDate)} <span className="text-xs font-semibold whitespace-nowrap">· Past due</span>
    </span>
  ) : (
    <span>{formatDay(project.endDate)}</span>
  );
}

/** Spec 9: at most 4 avatars (manager first), then "+N". */
function TeamAvatars({ project }: { project: ProjectSummary }) {
  if (project.team.length === 0) return <span className="text-sm text-slate-600">No team yet</span>;
  const names = project.team.map((member) => member.name).join(', ');
  return (
    <div className="flex items-center">
      <span className="sr-only">
        Team: {names}
        {project.moreTeamMembers > 0 ? ` and ${project.moreTeamMembers} more` : ''}
      </span>
      <span aria-hidden="true" className="flex -space-x-1">
        {project.team.map((member) => (
          <span key={member.id} title={member.name}>
            <Avatar name={member.name} size="sm" className="ring-2 ring-white" />
          </span>
        ))}
        {project.moreTeamMembers > 0 ? (
          <span className="inline-grid size-8 place-items-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700 ring-2 ring-white">
            +{project.moreTeamMembers}
          </span>
        ) : null}
      </span>
    </div>
  );
}

/** Spec 4: the card's status select sets the status directly; it does not offer cancelled. */
function StatusSelect({ project }: { project: ProjectSummary }) {
  const id = useId();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: projectsQueryKey });
    for (const queryKey of projectDependentQueryKeys) void queryClient.invalidateQueries({ queryKey });
  };
  const change = useMutation({
    mutationFn: (status: ProjectStatus) => changeProjectStatus(project.id, status, project.version),
    onSuccess: (saved) => {
      refresh();
      toast.success(`${saved.name} is now ${projectStatusLabels[saved.status]}`);
    },
    onError: (error) => {
      refresh();
      if (error instanceof ApiError && error.status === 412) {
        toast.error(`Someone else changed ${project.name} a moment ago`, {
          description:
            'The card now shows their latest version. Choose the status again if it still needs to change.',
        });
      } else {
        toast.error(`The status of ${project.name} could not be changed`, { description: error.message });
      }
    },
  });
  // While the change is on its way the select shows the chosen status, not the old one.
  const shown = change.isPending ? change.variables : project.status;
  // A cancelled project keeps its status shown, but cancelled is not something to pick here.
  const options = cardStatusOptions.includes(shown) ? cardStatusOptions : [shown, ...cardStatusOptions];
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Status<span className="sr-only"> of {project.name}</span>
      </label>
      <Select
        id={id}
        value={shown}
        // Not disabled while saving: that would throw the keyboard focus out of the select.
        aria-busy={change.isPending}
        onChange={(event) => {
          if (!change.isPending) change.mutate(event.target.value as ProjectStatus);
        }}
        className="h-9 w-36"
      >
        {options.map((status) => (
          <option key={status} value={status} disabled={!cardStatusOptions.includes(status)}>
            {projectStatusLabels[status]}
          </option>
        ))}
      </Select>
      {change.isPending ? (
        <span role="status" className="text-slate-600">
          <Spinner />
          <span className="sr-only">Saving the status…</span>
        </span>
      ) : null}
    </div>
  );
}
