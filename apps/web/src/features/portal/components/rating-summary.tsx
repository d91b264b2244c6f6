import { ratingScoreLabels, type RatingScore, type TicketRating } from '@atrium/shared';
import { Star } from 'lucide-react';
import { formatDateTime } from '../../../lib/dates';

/** An answered rating: the score as stars and in words, the comment, and when (issue 22). */
export function RatingSummary({ rating, timeZone }: { rating: TicketRating; timeZone?: string | undefined }) {
  if (rating.score === null) return <p className="text-sm text-slate-600">Asked, not answered yet</p>;
  const score = rating.score as RatingScore;
  return (
    <div className="space-y-1 text-sm">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span aria-hidden="true" className="flex">
          {[1, 2, 3, 4, 5].map((star) => (
            <Star
              key={star}
              className={star <= score ? 'size-4 fill-amber-400 text-amber-500' : 'size-4 text-slate-300'}
            />
          ))}
        </span>
        <span className="font-medium text-slate-900">
          {score} of 5 · {ratingScoreLabels[score]}
        </span>
      </p>
      {rating.comment ? (
        <p className="whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">“{rating.comment}”</p>
      ) : null}
      {rating.answeredAt ? (
        <p className="text-xs text-slate-600">Rated {formatDateTime(rating.answeredAt, timeZone)}</p>
      ) : null}
    </div>
  );
}
