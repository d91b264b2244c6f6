import {
  ticketPriorityLabels,
  ticketStatusLabels,
  type TicketPriority,
  type TicketStatus,
} from '@atrium/shared';
import { cn } from '../../../lib/cn';

const badgeBase =
  'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset';

const statusLooks: Record<TicketStatus, string> = {
  open: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  'in-progress': 'bg-indigo-50 text-indigo-800 ring-indigo-600/20',
  pending: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  resolved: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  closed: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

const statusDots: Record<TicketStatus, string> = {
  open: 'bg-sky-500',
  'in-progress': 'bg-indigo-500',
  pending: 'bg-amber-500',
  resolved: 'bg-emerald-500',
  closed: 'bg-slate-400',
};

export function TicketStatusBadge({ status, className }: { status: TicketStatus; className?: string }) {
  return (
    <span className={cn(badgeBase, statusLooks[status], className)}>
      <span aria-hidden="true" className={cn('size-1.5 rounded-full', statusDots[status])} />
      {ticketStatusLabels[status]}
    </span>
  );
}

const priorityLooks: Record<TicketPriority, string> = {
  urgent: 'bg-red-600 text-white ring-red-700',
  high: 'bg-red-50 text-red-800 ring-red-600/20',
  medium: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  low: 'bg-slate-50 text-slate-700 ring-slate-500/20',
};

/** Named in words, so colour is never the only signal. */
export function TicketPriorityBadge({
  priority,
  className,
}: {
  priority: TicketPriority;
  className?: string;
}) {
  return (
    <span className={cn(badgeBase, priorityLooks[priority], className)}>
      {ticketPriorityLabels[priority]}
      <span className="sr-only"> priority</span>
    </span>
  );
}
