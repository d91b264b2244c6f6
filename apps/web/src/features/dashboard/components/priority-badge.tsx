import type { TaskPriority } from '@atrium/shared';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const looks: Record<TaskPriority, { tone: BadgeTone; label: string }> = {
  high: { tone: 'danger', label: 'High' },
  medium: { tone: 'warning', label: 'Medium' },
  low: { tone: 'brand', label: 'Low' },
};

/** Spec 2: a task's priority (high, medium, low), named in words. */
export function PriorityBadge({ priority }: { priority: TaskPriority }) {
  const { tone, label } = looks[priority];
  return (
    <Badge tone={tone}>
      {label}
      <span className="sr-only"> priority</span>
    </Badge>
  );
}
