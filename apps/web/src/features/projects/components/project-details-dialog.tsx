import type { ProjectDetails } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, ListTodo, Pencil, SquareKanban } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { formatDate } from '../../../lib/dates';
import { useWorkspaceTimeZone } from '../../workspace';
import { projectDetailsQueryOptions } from '../api/projects.queries';
import { formatBudget, formatCount, formatDay, plural } from '../lib/format';
import { PriorityDot, ProjectProgressBar, ProjectStatusBadge } from './project-badges';
import { boardPath, DueDate, tasksPath } from './project-card';

const pulse = 'animate-pulse rounded bg-slate-200 motion-reduce:animate-none';

/**
 * Spec 2, "Detail dialog": description, status, priority, progress, manager, dates, budget, client,
 * team members and tags — everything the card has no room for.
 */
export function ProjectDetailsDialog({
  projectId,
  knownName,
  canManage,
  onEdit,
  onClose,
}: {
  projectId: string;
  /** The card's name, shown as the title while the details load. */
  knownName?: string;
  canManage: boolean;
  onEdit: (project: ProjectDetails) => void;
  onClose: () => void;
}) {
  const details = useQuery(projectDetailsQueryOptions(projectId));
  const project = details.data;
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={project?.name ?? knownName ?? 'Project details'}
      description={project?.client ? `Project for ${project.client}` : 'Project details'}
    >
      {details.isPending ? (
        <div role="status" className="space-y-4">
          <span className="sr-only">Loading the project…</span>
          <div aria-hidden="true" className="space-y-3">
            <div className={`h-5 w-40 ${pulse}`} />
            <div className={`h-4 w-full ${pulse}`} />
            <div className={`h-4 w-2/3 ${pulse}`} />
            <div className={`h-2 w-full ${pulse}`} />
            <div className={`h-24 w-full ${pulse}`} />
          </div>
        </div>
      ) : details.isError ? (
        <div className="space-y-4">
          <ServerErrorAlert error={details.error} title="The project could not be loaded" />
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            <Button onClick={() => void details.refetch()}>Try again</Button>
          </div>
        </div>
      ) : (
        <ProjectDetailsBody project={details.data} canManage={canManage} onEdit={onEdit} />
      )}
    </Modal>
  );
}

function ProjectDetailsBody({
  project,
  canManage,
  onEdit,
}: {
  project: ProjectDetails;
  canManage: boolean;
  onEdit: (project: ProjectDetails) => void;
}) {
  const timeZone = useWorkspaceTimeZone();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <ProjectStatusBadge status={project.status} />
        <PriorityDot priority={project.priority} />
      </div>

      <section aria-labelledby="project-description">
        <h3 id="project-description" className="text-sm font-semibold text-slate-900">
          Description
        </h3>
        <p className="mt-1 text-sm whitespace-pre-line text-slate-700">
          {project.description || <span className="text-slate-600 italic">No description</span>}
        </p>
      </section>

      <section aria-labelledby="project-progress" className="space-y-2">
        <h3 id="project-progress" className="text-sm font-semibold text-slate-900">
          Progress
        </h3>
        <ProjectProgressBar name={project.name} progress={project.progress} />
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <span>
            {formatCount(project.tasksDone)} of {plural(project.tasksTotal, 'task', 'tasks')} done
          </span>
          {project.overdueTasks > 0 ? (
            <span className="inline-flex items-center gap-1 font-medium text-amber-900">
              <CircleAlert aria-hidden="true" className="size-4" />
              {plural(project.overdueTasks, 'overdue task', 'overdue tasks')}
            </span>
          ) : null}
        </p>
      </section>

      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-3">
        <Fact label="Manager">{project.manager?.name ?? <Missing>No manager</Missing>}</Fact>
        <Fact label="Client">{project.client ?? <Missing>No client</Missing>}</Fact>
        <Fact label="Budget">
          <span className="tabular-nums">{formatBudget(project.budget)}</span>
        </Fact>
        <Fact label="Start date">{formatDay(project.startDate)}</Fact>
        <Fact label="End date">
          <DueDate project={project} />
        </Fact>
        <Fact label="Last updated">{formatDate(project.updatedAt, timeZone)}</Fact>
      </dl>

      <section aria-labelledby="project-team">
        <h3 id="project-team" className="text-sm font-semibold text-slate-900">
          Team members{' '}
          <span className="font-normal text-slate-600">({formatCount(project.teamMembers.length)})</span>
        </h3>
        {project.teamMembers.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">No one is on this project yet.</p>
        ) : (
          <ul className="mt-2 grid max-h-64 gap-2 overflow-y-auto sm:grid-cols-2">
            {project.teamMembers.map((member) => (
              <li key={member.id} className="flex min-w-0 items-center gap-3 rounded-lg p-1.5">
                <Avatar name={member.name} size="sm" />
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">
                    {member.name}
                    {member.id === project.manager?.id ? (
                      <span className="ml-1.5 text-xs font-semibold text-indigo-700">Manager</span>
                    ) : null}
                  </p>
                  <p className="truncate text-xs text-slate-600">
                    {[member.jobTitle, member.department].filter(Boolean).join(' · ')}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="project-tags">
        <h3 id="project-tags" className="text-sm font-semibold text-slate-900">
          Tags
        </h3>
        {project.tags.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">No tags</p>
        ) : (
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {project.tags.map((tag) => (
              <li
                key={tag}
                className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-800 ring-1 ring-slate-300 ring-inset"
              >
                {tag}
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center">
        <Link to={boardPath(project.id)} className={buttonClasses({ variant: 'secondary' })}>
          <SquareKanban aria-hidden="true" className="size-4" />
          Open board
        </Link>
        <Link to={tasksPath(project.id)} className={buttonClasses({ variant: 'secondary' })}>
          <ListTodo aria-hidden="true" className="size-4" />
          Tasks
        </Link>
        {canManage ? (
          <Button className="sm:ml-auto" onClick={() => onEdit(project)}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit project
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

function Missing({ children }: { children: ReactNode }) {
  return <span className="font-normal text-slate-600 italic">{children}</span>;
}
