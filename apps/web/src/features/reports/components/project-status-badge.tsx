import { projectStatusLabels, type ProjectStatus } from '@atrium/shared';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const statusTones: Record<ProjectStatus, BadgeTone> = {
  planning: 'brand',
  active: 'brand',
  'on-hold': 'warning',
  completed: 'success',
  cancelled: 'danger',
};

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return <Badge tone={statusTones[status]}>{projectStatusLabels[status]}</Badge>;
}
