import type { ProjectProgressItem, ScheduleStatus } from '@atrium/shared';
import { FolderKanban, TrendingDown, TrendingUp, Check } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { EmptyState } from '../../../components/ui/empty-state';
import { cn } from '../../../lib/cn';
import { formatPlainDate } from '../lib/meeting-times';
import { DashboardSection, SectionError, SectionSkeleton } from './dashboard-section';

const statusLooks: Record<ScheduleStatus, { tone: BadgeTone; icon: LucideIcon; bar: string }> = {
  'on-track': { tone: 'success', icon: Check, bar: 'bg-emerald-600' },
  behind: { tone: 'danger', icon: TrendingDown, bar: 'bg-red-600' },
  ahead: { tone: 'brand', icon: TrendingUp, bar: 'bg-indigo-600' },
};

function ProjectRow({ project }: { project: ProjectProgressItem }) {
  const looks = statusLooks[project.scheduleStatus];
  const Icon = looks.icon;
  const others = project.teamSize - project.team.length;
  return (
    <li className="px-4 py-4 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 font-medium text-slate-900">{project.name}</p>
        <Badge tone={looks.tone}>
          <Icon aria-hidden="true" className="size-3.5" />
          {project.scheduleLabel}
        </Badge>
      </div>
      <div className="mt-2 flex items-center gap-3">
        <div
          role="progressbar"
          aria-label={`${project.name} progress`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={project.progress}
          aria-valuetext={`${project.progress}% complete, ${project.scheduleLabel}`}
          className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100"
        >
          <div className={cn('h-full rounded-full', looks.bar)} style={{ width: `${project.progress}%` }} />
        </div>
        <span className="w-10 text-right text-sm font-semibold text-slate-900 tabular-nums">
          {project.progress}%
        </span>
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
        <span>{project.dueDate ? `Due ${formatPlainDate(project.dueDate)}` : 'No end date'}</span>
        {project.teamSize > 0 ? (
          <span className="flex items-center">
            <span className="sr-only">
              Team: {project.team.map((member) => member.name).join(', ')}
              {others > 0 ? ` and ${others} more` : ''}
            </span>
            <span aria-hidden="true" className="flex -space-x-1">
              {project.team.map((member) => (
                <Avatar key={member.id} name={member.name} size="sm" className="ring-2 ring-white" />
              ))}
              {others > 0 ? (
                <span className="inline-grid size-8 place-items-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700 ring-2 ring-white">
                  +{others}
                </span>
              ) : null}
            </span>
          </span>
        ) : null}
      </div>
    </li>
  );
}

/** Spec 2 "Dashboard": active projects with their progress and whether they keep to their dates. */
export function ProjectProgress({
  projects,
  error,
  onRetry,
}: {
  projects: ProjectProgressItem[] | undefined;
  error: Error | null;
  onRetry: () => void;
}) {
  return (
    <DashboardSection
      title="Project Progress"
      action={
        <Link to="/projects/active" className="text-sm font-semibold text-indigo-700 hover:text-indigo-900">
          View all<span className="sr-only"> projects</span>
        </Link>
      }
    >
      {error ? (
        <SectionError error={error} title="The projects could not be loaded" onRetry={onRetry} />
      ) : !projects ? (
        <SectionSkeleton label="Loading the projects…" />
      ) : projects.length === 0 ? (
        <div className="px-4 pt-3 pb-5 sm:px-6">
          <EmptyState
            icon={FolderKanban}
            title="No projects found"
            description="Active projects show up here with their progress."
          />
        </div>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100">
          {projects.map((project) => (
            <ProjectRow key={project.id} project={project} />
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}
