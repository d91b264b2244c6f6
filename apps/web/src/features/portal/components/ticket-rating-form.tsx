import type { RateTicketInput } from '@atrium/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ListSkeleton, LoadError } from '../../../components/ui/list-states';
import { ApiError } from '../../../lib/api-client';
import { portalRatingQueryOptions, ratePortalTicket } from '../api/rating-api';
import { RatingFormBody } from './rating-form-body';
import { RatingSummary } from './rating-summary';

/**
 * The customer's rating of their resolved or closed ticket (issue 22): the form until they answer,
 * then their answer. Nothing while the ticket is still being worked on.
 */
export function TicketRatingForm({ ticketId }: { ticketId: string }) {
  const queryClient = useQueryClient();
  const options = portalRatingQueryOptions(ticketId);
  const rating = useQuery(options);
  const rate = useMutation({
    mutationFn: (input: RateTicketInput) => ratePortalTicket(ticketId, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(options.queryKey, saved);
      toast.success('Thank you for your rating');
    },
    onError: (error) => {
      // Rated meanwhile (the emailed link, another tab): show that answer.
      if (error instanceof ApiError && error.status === 410) void queryClient.invalidateQueries(options);
    },
  });

  if (rating.isPending) return <ListSkeleton label="Loading the rating" rows={2} />;
  if (rating.isError) {
    return (
      <LoadError
        error={rating.error}
        title="The rating could not be loaded"
        onRetry={() => void rating.refetch()}
      />
    );
  }
  const { rateable, rating: latest } = rating.data;
  if (!rateable && !latest?.answeredAt) return null;
  return (
    <section
      aria-labelledby="ticket-rating-heading"
      className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="ticket-rating-heading" className="text-base font-semibold text-slate-900">
        {latest?.answeredAt ? 'Your rating' : 'Rate this ticket'}
      </h2>
      {latest?.answeredAt ? (
        <RatingSummary rating={latest} />
      ) : (
        <RatingFormBody
          pending={rate.isPending}
          error={rate.error}
          onSubmit={(values) => rate.mutate(values)}
        />
      )}
    </section>
  );
}
