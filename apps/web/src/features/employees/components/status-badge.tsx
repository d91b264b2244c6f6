import type { UserStatus } from '@atrium/shared';
import { Badge } from '../../../components/ui/badge';
import { statusLabels, statusTones } from '../lib/format';

export function StatusBadge({ status }: { status: UserStatus }) {
  return <Badge tone={statusTones[status]}>{statusLabels[status]}</Badge>;
}
