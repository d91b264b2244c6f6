import {
  projectPriorityLabels,
  projectStatusLabels,
  type ProjectPriority,
  type ProjectStatus,
} from '@atrium/shared';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { priorityDotClasses, statusTones } from '../lib/format';

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return (
    <Badge tone={statusTones[status]}>
      <span className="sr-only">Status: </span>
      {projectStatusLabels[status]}
    </Badge>
  );
}

/** Spec 2: the card's priority dot; the word beside it says it to everyone who cannot tell colours apart. */
export function PriorityDot({ priority, className }: { priority: ProjectPriority; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-xs font-medium text-slate-700', className)}>
      <span
        aria-hidden="true"
        className={cn('size-2.5 shrink-0 rounded-full', priorityDotClasses[priority])}
      />
      {projectPriorityLabels[priority]}
      <span className="sr-only"> priority</span>
    </span>
  );
}

/** Progress 0-100, derived by the server from the project's tasks. */
export function ProjectProgressBar({ name, progress }: { name: string; progress: number }) {
  const shown = Math.min(100, Math.max(0, progress));
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={`Progress of ${name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={shown}
        aria-valuetext={`${shown}% complete`}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={cn('h-full rounded-full', shown === 100 ? 'bg-emerald-600' : 'bg-indigo-600')}
          style={{ width: `${shown}%` }}
        />
      </div>
      <span aria-hidden="true" className="w-10 text-right text-sm font-semibold text-slate-900 tabular-nums">
        {shown}%
      </span>
    </div>
  );
}
