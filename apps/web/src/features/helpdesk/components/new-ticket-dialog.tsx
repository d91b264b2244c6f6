import { zodResolver } from '@hookform/resolvers/zod';
import {
  createTicketSchema,
  slaTiers,
  ticketCategories,
  ticketPriorities,
  ticketPriorityLabels,
  ticketReference,
  ticketTypes,
  type CreateTicketInput,
  type CreateTicketValues,
  type TicketDetails,
} from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { FormActions, Modal } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { TagInput } from '../../../components/ui/tag-input';
import { ApiError } from '../../../lib/api-client';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { emptyAsNull } from '../../../lib/form-values';
import { hasPermission, useMe } from '../../accounts';
import { EmployeePicker } from '../../employees';
import { createTicket, refreshAfterTicketChange, ticketDetailsQueryOptions } from '../api/tickets.queries';
import { slaTargetsText, ticketTypeLabels } from '../lib/ticket-labels';

type FormValues = CreateTicketInput;

const fieldNames = [
  'subject',
  'description',
  'customerName',
  'customerEmail',
  'priority',
  'type',
  'category',
  'tags',
  'assigneeId',
  'slaTier',
] as const satisfies readonly (keyof FormValues)[];

/**
 * New Ticket: an agent enters a customer's request taken by phone or chat. The description becomes
 * the customer's first message. Validated by the shared schema, then by the server.
 */
export function NewTicketDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      title="New Ticket"
      description="For a request that came in by phone or chat. The description is kept as the customer's first message."
    >
      {/* Mounted only while open, so every opening starts empty. */}
      <NewTicketForm onClose={onClose} />
    </Modal>
  );
}

function NewTicketForm({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useMe();
  const mayAssignOthers = hasPermission(me, 'helpdesk:manage');
  const [assigneeName, setAssigneeName] = useState('');

  const form = useForm<FormValues, unknown, CreateTicketValues>({
    resolver: zodResolver(createTicketSchema),
    defaultValues: {
      subject: '',
      description: '',
      customerName: '',
      customerEmail: '',
      priority: 'medium',
      type: 'support',
      category: 'General Inquiry',
      tags: [],
      assigneeId: null,
      slaTier: null,
    },
  });
  const { errors } = form.formState;
  const slaTier = useWatch({ control: form.control, name: 'slaTier' });

  const save = useMutation({
    mutationFn: createTicket,
    onSuccess: (ticket: TicketDetails) => {
      queryClient.setQueryData(ticketDetailsQueryOptions(ticket.id).queryKey, ticket);
      void refreshAfterTicketChange(queryClient);
      toast.success(`Ticket ${ticketReference(ticket.number)} was created`, {
        action: { label: 'Open', onClick: () => void navigate(`/helpdesk/tickets/${ticket.id}`) },
      });
      onClose();
    },
    onError: (error) => {
      setServerFieldErrors(error, fieldNames, form.setError);
      const tagProblem =
        error instanceof ApiError
          ? Object.entries(error.fields ?? {}).find(([field]) => field.startsWith('tags.'))
          : undefined;
      if (tagProblem) form.setError('tags', { type: 'server', message: tagProblem[1] });
    },
  });

  const tagsError =
    errors.tags?.message ??
    (Array.isArray(errors.tags) ? errors.tags.find((tagError) => tagError?.message)?.message : undefined);
  const showRequestError = save.error && !isFieldError(save.error, fieldNames);

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="space-y-5">
      {showRequestError ? (
        <ServerErrorAlert error={save.error} title="The ticket could not be created" />
      ) : null}

      <Field label="Subject" error={errors.subject?.message}>
        {(control) => <Input {...control} autoComplete="off" maxLength={300} {...form.register('subject')} />}
      </Field>
      <Field
        label="Description"
        hint="What the customer asked, in their words"
        error={errors.description?.message}
      >
        {(control) => <Textarea {...control} rows={3} {...form.register('description')} />}
      </Field>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Customer name" error={errors.customerName?.message}>
          {(control) => (
            <Input {...control} autoComplete="off" maxLength={200} {...form.register('customerName')} />
          )}
        </Field>
        <Field label="Customer email" error={errors.customerEmail?.message}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="off"
              maxLength={254}
              {...form.register('customerEmail')}
            />
          )}
        </Field>
        <Field label="Priority" error={errors.priority?.message}>
          {(control) => (
            <Select {...control} {...form.register('priority')}>
              {ticketPriorities.map((priority) => (
                <option key={priority} value={priority}>
                  {ticketPriorityLabels[priority]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Type" error={errors.type?.message}>
          {(control) => (
            <Select {...control} {...form.register('type')}>
              {ticketTypes.map((type) => (
                <option key={type} value={type}>
                  {ticketTypeLabels[type]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Category" error={errors.category?.message}>
          {(control) => (
            <Select {...control} {...form.register('category')}>
              {ticketCategories.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="SLA tier" hint={slaTargetsText(slaTier)} error={errors.slaTier?.message}>
          {(control) => (
            <Select {...control} {...form.register('slaTier', { setValueAs: emptyAsNull })}>
              <option value="">No SLA</option>
              {slaTiers.map((tier) => (
                <option key={tier} value={tier}>
                  {tier}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label="Assignee"
          hint={mayAssignOthers ? undefined : 'You can take the ticket yourself or leave it for the team.'}
          error={errors.assigneeId?.message}
          className="sm:col-span-2"
        >
          {(control) => (
            <Controller
              control={form.control}
              name="assigneeId"
              render={({ field }) =>
                mayAssignOthers ? (
                  <EmployeePicker
                    whoMay="helpdesk:view"
                    {...control}
                    inputRef={field.ref}
                    onlyActive
                    placeholder="Unassigned"
                    clearLabel="Unassign"
                    value={field.value ? { id: field.value, name: assigneeName } : null}
                    onChange={(agent) => {
                      field.onChange(agent?.id ?? null);
                      setAssigneeName(agent?.name ?? '');
                    }}
                  />
                ) : (
                  <Select
                    {...control}
                    ref={field.ref}
                    value={field.value ?? ''}
                    onChange={(event) =>
                      field.onChange(event.target.value === '' ? null : event.target.value)
                    }
                  >
                    <option value="">Unassigned</option>
                    {me.employeeId ? <option value={me.employeeId}>Me ({me.user.name})</option> : null}
                  </Select>
                )
              }
            />
          )}
        </Field>
        <Field label="Tags" hint="Enter or a comma adds a tag" error={tagsError} className="sm:col-span-2">
          {(control) => (
            <Controller
              control={form.control}
              name="tags"
              render={({ field }) => (
                <TagInput
                  {...control}
                  inputRef={field.ref}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  placeholder="Add a tag and press Enter"
                />
              )}
            />
          )}
        </Field>
      </div>

      <FormActions submitLabel="Create Ticket" pending={save.isPending} onCancel={onClose} />
    </form>
  );
}
