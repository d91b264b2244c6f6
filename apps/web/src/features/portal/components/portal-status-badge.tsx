import { ticketStatusLabels, type TicketStatus } from '@atrium/shared';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

/** How a customer reads a ticket's state: being worked on, waiting on them, or done. */
const tones: Record<TicketStatus, BadgeTone> = {
  open: 'brand',
  'in-progress': 'brand',
  pending: 'warning',
  resolved: 'success',
  closed: 'success',
};

export function PortalStatusBadge({ status }: { status: TicketStatus }) {
  return <Badge tone={tones[status]}>{ticketStatusLabels[status]}</Badge>;
}
