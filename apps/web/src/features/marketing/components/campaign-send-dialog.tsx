import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatCount,
  sendCampaignSchema,
  type CampaignDetails,
  type CampaignStatus,
  type SendCampaignInput,
} from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { FormActions, Modal } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { campaignProgressQueryOptions, refreshCampaigns, sendCampaign } from '../api/campaigns.queries';
import { readScheduleTime, suggestedScheduleTime, timeZoneLabel } from '../lib/campaign-schedule';

/**
 * The dialog's own form: now, or a date and time typed for the workspace. Its output is the send
 * request the shared schema reads, the wall time turned into an instant.
 */
const sendFormSchema = (timeZone: string, version: () => number) =>
  z
    .object({ when: z.enum(['now', 'later']), date: z.string(), time: z.string() })
    .transform((values, ctx): SendCampaignInput => {
      if (values.when === 'now') return sendCampaignSchema.parse({ version: version() });
      const reading = readScheduleTime({ date: values.date, time: values.time }, timeZone);
      if (!reading.ok) {
        ctx.addIssue({ code: 'custom', path: [reading.field], message: reading.message });
        return z.NEVER;
      }
      const parsed = sendCampaignSchema.safeParse({
        version: version(),
        scheduleAt: reading.instant.toISOString(),
      });
      if (!parsed.success) {
        ctx.addIssue({
          code: 'custom',
          path: ['date'],
          message: parsed.error.issues[0]?.message ?? 'Enter a valid date',
        });
        return z.NEVER;
      }
      return parsed.data;
    });

type FormValues = { when: 'now' | 'later'; date: string; time: string };

/**
 * Send… (issue 23): send now, or schedule for a time in the workspace's time zone. The server's
 * refusals (no mail server, nobody in the audience) are shown as it words them.
 */
export function CampaignSendDialog({
  open,
  onClose,
  campaign,
  status,
  latestVersion,
}: {
  open: boolean;
  onClose: () => void;
  campaign: CampaignDetails;
  status: CampaignStatus;
  latestVersion: () => number;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={status === 'scheduled' ? 'Send now or schedule again' : `Send “${campaign.name}”`}
      description={
        <>
          It goes to {campaign.segments.map((segment) => segment.name).join(', ')}. Unsubscribed, bounced and
          suppressed addresses are left out.
        </>
      }
    >
      {open ? <SendForm campaign={campaign} onClose={onClose} latestVersion={latestVersion} /> : null}
    </Modal>
  );
}

function SendForm({
  campaign,
  onClose,
  latestVersion,
}: {
  campaign: CampaignDetails;
  onClose: () => void;
  latestVersion: () => number;
}) {
  const queryClient = useQueryClient();
  const timeZone = campaign.timeZone;
  const [stale, setStale] = useState(false);
  const resolver = useMemo(
    () => zodResolver(sendFormSchema(timeZone, latestVersion)),
    [timeZone, latestVersion],
  );
  const suggestion = useMemo(() => suggestedScheduleTime(timeZone), [timeZone]);
  const form = useForm<FormValues, unknown, SendCampaignInput>({
    resolver,
    defaultValues: { when: 'now', ...suggestion },
  });
  const { errors } = form.formState;
  const when = useWatch({ control: form.control, name: 'when' });

  const send = useMutation({
    mutationFn: (input: SendCampaignInput) => sendCampaign(campaign.id, input),
    onMutate: () => setStale(false),
    onSuccess: (progress, input) => {
      queryClient.setQueryData(campaignProgressQueryOptions(campaign.id).queryKey, progress);
      void refreshCampaigns(queryClient);
      toast.success(
        input.scheduleAt
          ? `Scheduled for ${formatDateTime(input.scheduleAt, timeZone)}`
          : `Sending to ${formatCount(progress.recipients)} ${progress.recipients === 1 ? 'recipient' : 'recipients'}`,
      );
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 412) {
        setStale(true);
        void refreshCampaigns(queryClient);
        return;
      }
      if (error instanceof ApiError && error.fields?.scheduleAt) {
        form.setError('time', { type: 'server', message: error.fields.scheduleAt }, { shouldFocus: true });
      }
    },
  });

  const submit = form.handleSubmit((input) => send.mutate(input));
  const requestError =
    send.error &&
    !(send.error instanceof ApiError && (send.error.status === 412 || send.error.fields?.scheduleAt))
      ? send.error
      : null;
  const zone = timeZoneLabel(timeZone);

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      {stale ? (
        <Alert title="Someone else changed this campaign">
          It has been reloaded. Check it, then send again.
        </Alert>
      ) : null}
      {requestError ? <ServerErrorAlert error={requestError} title="The campaign could not be sent" /> : null}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">When</legend>
        <label className="flex cursor-pointer items-start gap-3 rounded-lg p-3 ring-1 ring-slate-200 has-checked:bg-indigo-50 has-checked:ring-indigo-300">
          <input
            type="radio"
            value="now"
            className="mt-0.5 size-4 accent-indigo-600"
            {...form.register('when')}
          />
          <span>
            <span className="block text-sm font-medium text-slate-900">Send now</span>
            <span className="block text-sm text-slate-600">
              Sending starts at once, at the workspace’s rate.
            </span>
          </span>
        </label>
        <label className="flex cursor-pointer items-start gap-3 rounded-lg p-3 ring-1 ring-slate-200 has-checked:bg-indigo-50 has-checked:ring-indigo-300">
          <input
            type="radio"
            value="later"
            className="mt-0.5 size-4 accent-indigo-600"
            {...form.register('when')}
          />
          <span>
            <span className="block text-sm font-medium text-slate-900">Schedule for later</span>
            <span className="block text-sm text-slate-600">
              Until then you can still change it or cancel.
            </span>
          </span>
        </label>
      </fieldset>
      {when === 'later' ? (
        <div className="space-y-2">
          <div className="grid gap-4 sm:grid-cols-2 [&>*]:min-w-0">
            <Field label="Date" error={errors.date?.message}>
              {(control) => <Input {...control} type="date" {...form.register('date')} />}
            </Field>
            <Field label="Time" error={errors.time?.message}>
              {(control) => <Input {...control} type="time" step={60} {...form.register('time')} />}
            </Field>
          </div>
          <p className="text-sm text-slate-600">
            In the workspace’s time zone, <span className="font-medium text-slate-800">{zone}</span>.
          </p>
        </div>
      ) : null}
      <FormActions
        submitLabel={when === 'later' ? 'Schedule' : 'Send now'}
        pending={send.isPending}
        onCancel={onClose}
      />
    </form>
  );
}
