import { ticketReference, type TicketDetails } from '@atrium/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Merge } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormActions, Modal } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { mergeTicket, refreshAfterTicketChange, ticketSearchQueryOptions } from '../api/tickets.queries';
import { TicketStatusBadge } from './ticket-badges';

/**
 * Issue 21: a duplicate goes into the ticket it repeats. The agent finds that ticket by its number or
 * words, sees what they chose, and confirms; the page then opens the ticket merged into.
 */
export function MergeTicketDialog({ ticket }: { ticket: TicketDetails }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const searched = useDebouncedValue(query.trim());
  const matches = useQuery({ ...ticketSearchQueryOptions(searched), enabled: open && searched !== '' });
  const choices = (matches.data?.data ?? []).filter((candidate) => candidate.id !== ticket.id);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const inputId = useId();

  const merge = useMutation({
    mutationFn: (intoId: string) => mergeTicket(ticket.id, intoId),
    onSuccess: (target) => {
      void refreshAfterTicketChange(queryClient);
      toast.success(`Merged into ${ticketReference(target.number)}`);
      setOpen(false);
      void navigate(`/helpdesk/tickets/${target.id}`);
    },
  });

  const close = () => setOpen(false);
  const start = () => {
    setQuery('');
    setChosen(null);
    setProblem(null);
    merge.reset();
    setOpen(true);
  };

  return (
    <>
      <Button variant="secondary" size="sm" onClick={start}>
        <Merge aria-hidden="true" className="size-4" />
        Merge into…
      </Button>
      <Modal
        open={open}
        onClose={close}
        title={`Merge ${ticketReference(ticket.number)} into another ticket`}
        description="Its messages move to the ticket you choose, this one is closed, and both get a note. Replies to either email thread then land there."
      >
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!chosen) return setProblem('Choose the ticket to merge into');
            merge.mutate(chosen);
          }}
        >
          {merge.error ? (
            <ServerErrorAlert error={merge.error} title="The tickets could not be merged" />
          ) : null}
          <div className="space-y-1.5">
            <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
              Find the ticket by number or subject
            </label>
            <Input
              id={inputId}
              type="search"
              value={query}
              autoComplete="off"
              placeholder="#1042 or words of its subject"
              onChange={(event) => {
                setQuery(event.target.value);
                setChosen(null);
              }}
              aria-describedby={problem ? `${inputId}-problem` : undefined}
            />
            {problem && !chosen ? (
              <p id={`${inputId}-problem`} className="text-sm text-red-700">
                {problem}
              </p>
            ) : null}
          </div>
          <div aria-live="polite" aria-busy={matches.isFetching}>
            {searched === '' ? null : matches.isFetching && choices.length === 0 ? (
              <p className="flex items-center gap-2 text-sm text-slate-600">
                <Spinner /> Looking…
              </p>
            ) : matches.isError ? (
              <ServerErrorAlert error={matches.error} title="The tickets could not be searched" />
            ) : choices.length === 0 ? (
              <p className="text-sm text-slate-600">No other ticket matches “{searched}”.</p>
            ) : (
              <fieldset>
                <legend className="sr-only">Tickets to merge into</legend>
                <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
                  {choices.map((candidate) => (
                    <li key={candidate.id}>
                      <label className="flex cursor-pointer items-start gap-3 p-3 hover:bg-slate-50">
                        <input
                          type="radio"
                          name="merge-into"
                          className="mt-1 size-4 accent-indigo-600"
                          checked={chosen === candidate.id}
                          onChange={() => setChosen(candidate.id)}
                        />
                        <span className="min-w-0 flex-1">
                          <span className="block font-medium break-words text-slate-900">
                            {ticketReference(candidate.number)} {candidate.subject}
                          </span>
                          <span className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                            <TicketStatusBadge status={candidate.status} />
                            {candidate.customer.name}
                          </span>
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            )}
          </div>
          <FormActions submitLabel="Merge tickets" pending={merge.isPending} onCancel={close} />
        </form>
      </Modal>
    </>
  );
}
