import { zodResolver } from '@hookform/resolvers/zod';
import {
  ratingScoreLabels,
  ratingScores,
  rateTicketSchema,
  type RateTicketInput,
  type RatingScore,
} from '@atrium/shared';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';

const fieldNames = ['score', 'comment'] as const;

/**
 * "How did we do?": five scores and a comment, the same in the portal and on the emailed link's
 * page. Native radio buttons, so arrow keys move between the scores.
 */
export function RatingFormBody({
  defaultScore,
  pending,
  error,
  onSubmit,
}: {
  /** The score the customer chose in the email. */
  defaultScore?: RatingScore | undefined;
  pending: boolean;
  error: Error | null;
  onSubmit: (values: z.output<typeof rateTicketSchema>) => void;
}) {
  const errorId = useId();
  const form = useForm<RateTicketInput, unknown, z.output<typeof rateTicketSchema>>({
    resolver: zodResolver(rateTicketSchema),
    defaultValues: { comment: '', ...(defaultScore ? { score: defaultScore } : {}) },
  });
  const { errors } = form.formState;
  // The server's field messages go next to their fields, like the browser's own.
  useEffect(() => {
    if (error) setServerFieldErrors(error, fieldNames, form.setError);
  }, [error, form.setError]);

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-5">
      {error && !isFieldError(error, fieldNames) ? (
        <ServerErrorAlert error={error} title="Your rating could not be sent" />
      ) : null}
      <fieldset aria-describedby={errors.score ? errorId : undefined}>
        <legend className="text-sm font-medium text-slate-800">Your score</legend>
        <Controller
          control={form.control}
          name="score"
          render={({ field }) => (
            <div className="mt-2 grid grid-cols-5 gap-2">
              {ratingScores.map((score) => (
                <label
                  key={score}
                  className="flex cursor-pointer flex-col items-center gap-1 rounded-lg px-1 py-2 text-center ring-1 ring-slate-300 hover:bg-slate-50 has-checked:bg-indigo-600 has-checked:text-white has-checked:ring-indigo-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600"
                >
                  <input
                    type="radio"
                    name={field.name}
                    value={score}
                    checked={field.value === score}
                    onChange={() => field.onChange(score)}
                    onBlur={field.onBlur}
                    // The first score takes the focus when the form asks for one.
                    ref={score === ratingScores[0] ? field.ref : undefined}
                    className="sr-only"
                    aria-invalid={Boolean(errors.score)}
                  />
                  <span className="text-lg font-semibold">{score}</span>
                  {/* On a phone the five words do not fit: the numbers show, the words are read. */}
                  <span className="sr-only text-xs leading-tight sm:not-sr-only">
                    {ratingScoreLabels[score]}
                  </span>
                </label>
              ))}
            </div>
          )}
        />
        <p aria-hidden="true" className="mt-1.5 flex justify-between text-xs text-slate-600 sm:hidden">
          <span>1 = {ratingScoreLabels[1]}</span>
          <span>5 = {ratingScoreLabels[5]}</span>
        </p>
        {errors.score ? (
          <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
            {errors.score.message}
          </p>
        ) : null}
      </fieldset>
      <Field
        label="Comment (optional)"
        hint="What went well, or what we could do better"
        error={errors.comment?.message}
      >
        {(control) => <Textarea {...control} rows={3} maxLength={2000} {...form.register('comment')} />}
      </Field>
      <Button type="submit" disabled={pending}>
        {pending ? <Spinner /> : null}
        Send rating
      </Button>
    </form>
  );
}
