import type { TimeEntryStatus } from '@atrium/shared';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

export const statusLabels: Record<TimeEntryStatus, string> = {
  active: 'Active',
  completed: 'Completed',
  approved: 'Approved',
  rejected: 'Rejected',
};

const statusTones: Record<TimeEntryStatus, BadgeTone> = {
  active: 'brand',
  completed: 'warning',
  approved: 'success',
  rejected: 'danger',
};

export function TimeEntryStatusBadge({ status }: { status: TimeEntryStatus }) {
  return <Badge tone={statusTones[status]}>{statusLabels[status]}</Badge>;
}
