import { suppressionReasonLabels, type Suppression, type SuppressionReason } from '@atrium/shared';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/dates';

// Bounces and spam complaints say something about the list's health; an unsubscribe or a manual
// entry is ordinary.
const reasonTones: Record<SuppressionReason, BadgeTone> = {
  unsubscribed: 'brand',
  'hard-bounce': 'danger',
  'soft-bounces': 'warning',
  complaint: 'danger',
  manual: 'brand',
};

export function SuppressionReasonBadge({ reason }: { reason: SuppressionReason }) {
  return <Badge tone={reasonTones[reason]}>{suppressionReasonLabels[reason]}</Badge>;
}

/** Where the entry came from: the campaign whose mail led to it, or who added it by hand. */
function Source({ suppression }: { suppression: Suppression }) {
  if (suppression.campaign) {
    return (
      <>
        From{' '}
        <Link
          to={`/marketing/campaigns/${suppression.campaign.id}`}
          className="font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {suppression.campaign.name}
        </Link>
      </>
    );
  }
  if (suppression.createdBy) return <>Added by {suppression.createdBy.name}</>;
  return null;
}

/** One address of the suppression list, with Release for those who manage marketing. */
export function SuppressionRow({
  suppression,
  timeZone,
  onRelease,
}: {
  suppression: Suppression;
  timeZone: string | undefined;
  /** Absent for members who may only read the list. */
  onRelease?: ((suppression: Suppression) => void) | undefined;
}) {
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:justify-between sm:px-6">
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all text-slate-900">{suppression.email}</span>
          <SuppressionReasonBadge reason={suppression.reason} />
        </p>
        {suppression.detail ? (
          <p className="text-sm break-words whitespace-pre-line text-slate-700">{suppression.detail}</p>
        ) : null}
        <p className="text-xs text-slate-600">
          <Source suppression={suppression} />
          {suppression.campaign || suppression.createdBy ? ' · ' : null}
          <time dateTime={suppression.createdAt}>{formatDateTime(suppression.createdAt, timeZone)}</time>
        </p>
      </div>
      {onRelease ? (
        <Button variant="secondary" size="sm" className="self-start" onClick={() => onRelease(suppression)}>
          Release
          <span className="sr-only"> {suppression.email}</span>
        </Button>
      ) : null}
    </li>
  );
}
