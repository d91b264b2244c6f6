import { zodResolver } from '@hookform/resolvers/zod';
import {
  createPortalTicketSchema,
  ticketCategories,
  ticketReference,
  type CreatePortalTicketInput,
  type CreatePortalTicketValues,
} from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import {
  FileAttachments,
  readyAttachmentIds,
  type PickedAttachment,
} from '../../../components/ui/file-attachments';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { useMe } from '../../accounts';
import {
  createPortalTicket,
  portalQueryKey,
  portalTicketQueryOptions,
  uploadPortalFile,
} from '../api/portal.queries';
import { ArticleSuggestions } from '../components/article-suggestions';
import { portalPath, usePortalViewer } from '../hooks/use-portal-viewer';
import { forgetTicketDraft, keepTicketDraft, readTicketDraft } from '../lib/ticket-draft';

const fieldNames = ['subject', 'description', 'category'] as const;

/**
 * New ticket (issue 22): subject, description, category and files. Articles that may answer the
 * subject appear under it as it is typed; the ticket can be opened all the same.
 */
export function PortalNewTicketPage() {
  const me = useMe();
  const viewer = usePortalViewer();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<PickedAttachment[]>([]);
  const form = useForm<CreatePortalTicketInput, unknown, CreatePortalTicketValues>({
    resolver: zodResolver(createPortalTicketSchema),
    defaultValues: {
      subject: '',
      description: '',
      category: 'General Inquiry',
      attachmentIds: [],
      ...readTicketDraft(),
    },
  });
  const { errors } = form.formState;
  const [subject, description, category] = useWatch({
    control: form.control,
    name: ['subject', 'description', 'category'],
  });
  useEffect(() => {
    keepTicketDraft({ subject, description, category });
  }, [subject, description, category]);
  const attachmentIds = readyAttachmentIds(files);

  const save = useMutation({
    mutationFn: (values: CreatePortalTicketValues) =>
      createPortalTicket({ ...values, attachmentIds: attachmentIds ?? [] }),
    onSuccess: (ticket) => {
      forgetTicketDraft();
      queryClient.setQueryData(portalTicketQueryOptions(viewer, ticket.id).queryKey, ticket);
      void queryClient.invalidateQueries({ queryKey: portalQueryKey });
      toast.success(`Ticket ${ticketReference(ticket.number)} was opened. We will get back to you soon.`);
      void navigate(`/helpdesk/portal/tickets/${ticket.id}`);
    },
    onError: (error) => setServerFieldErrors(error, fieldNames, form.setError),
  });
  const showRequestError = save.error && !isFieldError(save.error, fieldNames);

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{`New ticket — ${me.workspace.name} — Atrium`}</title>
      <Link
        to={portalPath(viewer, '/helpdesk/portal')}
        className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to my tickets
      </Link>
      <PageHeader title="New ticket" description="Tell us what you need; we answer by email and here." />
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => save.mutate(values))}
        className="space-y-5 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        {showRequestError ? (
          <ServerErrorAlert error={save.error} title="Your ticket could not be opened" />
        ) : null}
        <Field label="Subject" error={errors.subject?.message}>
          {(control) => (
            <Input {...control} autoComplete="off" maxLength={300} {...form.register('subject')} />
          )}
        </Field>
        <ArticleSuggestions subject={subject} />
        <Field
          label="Description"
          hint="What happened, and what you expected"
          error={errors.description?.message}
        >
          {(control) => <Textarea {...control} rows={6} {...form.register('description')} />}
        </Field>
        <Field label="Category" error={errors.category?.message}>
          {(control) => (
            <Select {...control} {...form.register('category')}>
              {ticketCategories.map((each) => (
                <option key={each} value={each}>
                  {each}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <FileAttachments files={files} onChange={setFiles} upload={uploadPortalFile} />
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending || attachmentIds === undefined}>
            {save.isPending ? <Spinner /> : null}
            Submit ticket
          </Button>
        </div>
      </form>
    </div>
  );
}
