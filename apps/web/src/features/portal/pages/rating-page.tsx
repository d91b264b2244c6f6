import { ratingScores, ticketReference, type RateTicketInput, type RatingScore } from '@atrium/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CircleCheck, Link2Off } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { AuthCard } from '../../accounts';
import { answerRatingLink, publicRatingQueryOptions } from '../api/rating-api';
import { RatingFormBody } from '../components/rating-form-body';

function scoreFrom(value: string | null): RatingScore | undefined {
  return ratingScores.find((score) => String(score) === value);
}

function Notice({ icon, text }: { icon: 'done' | 'broken'; text: string }) {
  const Icon = icon === 'done' ? CircleCheck : Link2Off;
  return (
    <div className="text-center">
      <Icon
        aria-hidden="true"
        className={`mx-auto size-10 ${icon === 'done' ? 'text-emerald-600' : 'text-slate-400'}`}
      />
      <p className="mt-4 text-slate-700">{text}</p>
    </div>
  );
}

/**
 * The page of the "How did we do?" email's links (issue 22): no sign-in, the score chosen in the
 * email already selected, a comment box; the link takes one answer.
 */
export function RatingPage() {
  const { token = '' } = useParams();
  const [searchParams] = useSearchParams();
  const request = useQuery(publicRatingQueryOptions(token));
  const answer = useMutation({ mutationFn: (input: RateTicketInput) => answerRatingLink(token, input) });
  const status = (error: Error | null) => (error instanceof ApiError ? error.status : undefined);

  if (request.isPending) {
    return (
      <div role="status" className="grid min-h-[60dvh] place-items-center">
        <title>Rate your request — Atrium</title>
        <Spinner className="size-8 text-indigo-600" />
        <span className="sr-only">Loading…</span>
      </div>
    );
  }
  if (answer.isSuccess || status(request.error) === 410 || status(answer.error) === 410) {
    return (
      <AuthCard title={answer.isSuccess ? 'Thank you!' : 'Already rated'}>
        <title>Thank you — Atrium</title>
        <Notice
          icon="done"
          text={
            answer.isSuccess
              ? 'Your rating was sent. It helps the team see what works and what to improve.'
              : 'This request was already rated: thank you. Each link takes one answer.'
          }
        />
      </AuthCard>
    );
  }
  if (request.isError) {
    const broken = status(request.error) === 404;
    return (
      <AuthCard title={broken ? 'This link is not valid' : 'The page could not be loaded'}>
        <title>Rate your request — Atrium</title>
        {broken ? (
          <Notice icon="broken" text="Open the link from the email again; it may have been cut or changed." />
        ) : (
          <ServerErrorAlert error={request.error} />
        )}
      </AuthCard>
    );
  }

  const { workspaceName, ticket } = request.data;
  return (
    <AuthCard
      title="How did we do?"
      description={
        <p>
          {workspaceName} resolved your request {ticketReference(ticket.number)}{' '}
          <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">“{ticket.subject}”</span>.
        </p>
      }
    >
      <title>{`Rate your request — ${workspaceName}`}</title>
      <RatingFormBody
        defaultScore={scoreFrom(searchParams.get('score'))}
        pending={answer.isPending}
        error={answer.error}
        onSubmit={(values) => answer.mutate(values)}
      />
    </AuthCard>
  );
}
