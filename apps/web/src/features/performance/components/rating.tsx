import { maxRating, type RatingBandId } from '@atrium/shared';
import { Star } from 'lucide-react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';

const bandTones: Record<RatingBandId, BadgeTone> = {
  exceptional: 'success',
  exceeds: 'success',
  meets: 'brand',
  below: 'warning',
  'needs-improvement': 'danger',
};

const bandBarColors: Record<RatingBandId, string> = {
  exceptional: 'bg-emerald-600',
  exceeds: 'bg-emerald-500',
  meets: 'bg-indigo-500',
  below: 'bg-amber-500',
  'needs-improvement': 'bg-red-600',
};

/** The rating band of an average (spec 4), or "Not rated" before the first review. */
export function RatingBadge({ band }: { band: { id: RatingBandId; label: string } | null }) {
  if (!band) {
    return (
      <span className="inline-flex items-center rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-300 ring-inset">
        Not rated
      </span>
    );
  }
  return <Badge tone={bandTones[band.id]}>{band.label}</Badge>;
}

/** The average out of 5 as a bar; the figure beside it says the same in words. */
export function RatingBar({ average, band }: { average: number | null; band: RatingBandId | null }) {
  const width = average === null ? 0 : Math.min(100, (average / maxRating) * 100);
  return (
    <div aria-hidden="true" className="h-2 w-full overflow-hidden rounded-full bg-slate-100">
      <div
        className={cn('h-full rounded-full', band ? bandBarColors[band] : 'bg-slate-300')}
        style={{ width: `${width}%` }}
      />
    </div>
  );
}

/** Filled stars for a whole rating; read out as "4 out of 5". */
export function RatingStars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span
      role="img"
      aria-label={`${rating} out of ${maxRating}`}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {Array.from({ length: maxRating }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={cn(
            'size-4',
            index < rating ? 'fill-amber-400 text-amber-500' : 'fill-transparent text-slate-300',
          )}
        />
      ))}
    </span>
  );
}

/** A progress bar with its percentage (goals). */
export function ProgressBar({
  value,
  tone = 'brand',
}: {
  value: number;
  tone?: 'brand' | 'success' | 'danger';
}) {
  const color = { brand: 'bg-indigo-600', success: 'bg-emerald-600', danger: 'bg-red-600' }[tone];
  return (
    <span className="flex min-w-32 items-center gap-2">
      <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100">
        <span className={cn('block h-full rounded-full', color)} style={{ width: `${value}%` }} />
      </span>
      <span className="w-10 text-right text-sm text-slate-700 tabular-nums">{value}%</span>
    </span>
  );
}
