import { countOf } from '@atrium/shared';
import { Hourglass } from 'lucide-react';
import { Link } from 'react-router';
import { daysUntil } from '../../lib/dates';

/** Spec section 9: the 14-day trial; the badge counts down and leads to the plans. */
export function TrialBadge({ trialEndsAt }: { trialEndsAt: string }) {
  const days = daysUntil(trialEndsAt);
  const text = days === 0 ? 'Trial ended' : `${countOf(days, { one: 'day', other: 'days' })} left in trial`;
  return (
    <Link
      to="/pricing"
      className="hidden items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-600/20 ring-inset hover:bg-amber-100 sm:inline-flex"
    >
      <Hourglass aria-hidden="true" className="size-3.5" />
      {text}
      <span className="sr-only">: see the plans</span>
    </Link>
  );
}
