import { countOf, type CampaignDetails, type CampaignProgress, type CampaignStatus } from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy, MoreHorizontal, Pause, Pencil, Play, RotateCcw, Send, Trash2, XCircle } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { MenuContent, MenuItem } from '../../../components/ui/menu';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import {
  campaignProgressQueryOptions,
  campaignQueryOptions,
  campaignsQueryKey,
  deleteCampaign,
  duplicateCampaign,
  refreshCampaigns,
  runCampaignAction,
  type CampaignAction,
} from '../api/campaigns.queries';
import { CampaignSendDialog } from './campaign-send-dialog';
import { deletionKey } from '../../realtime';

/** The version the screen last saw: progress polls ahead of the details while it sends. */
export function useLatestCampaignVersion(campaignId: string) {
  const queryClient = useQueryClient();
  return () =>
    Math.max(
      queryClient.getQueryData(campaignQueryOptions(campaignId).queryKey)?.version ?? 0,
      queryClient.getQueryData(campaignProgressQueryOptions(campaignId).queryKey)?.version ?? 0,
    );
}

/** Someone else changed the campaign (412): the page reloads it, and the caller says so. */
export const isStale = (error: unknown) => error instanceof ApiError && error.status === 412;

type Confirming = 'cancel' | 'resend' | 'delete' | null;

const actionWords: Record<CampaignAction, { done: string; failed: string }> = {
  pause: { done: 'Sending paused', failed: 'The campaign could not be paused' },
  resume: { done: 'Sending resumed', failed: 'The campaign could not be resumed' },
  cancel: { done: 'Campaign cancelled', failed: 'The campaign could not be cancelled' },
  'resend-unconfirmed': {
    done: 'The unconfirmed messages are being sent again',
    failed: 'The unconfirmed messages could not be sent again',
  },
};

const cancelWording = (status: CampaignStatus) =>
  status === 'scheduled'
    ? {
        title: 'Cancel the schedule?',
        description:
          'Nothing is sent. The campaign goes back to draft, so you can change it and send it later.',
        confirm: 'Cancel schedule',
      }
    : {
        title: 'Stop sending this campaign?',
        description:
          'The messages not sent yet are cancelled and the campaign is marked completed. What was sent stays sent. This cannot be undone.',
        confirm: 'Stop sending',
      };

/** Send…, pause, resume, cancel, send again, duplicate and delete, as the campaign's state allows. */
export function CampaignHeaderActions({
  campaign,
  progress,
  needs,
}: {
  campaign: CampaignDetails;
  progress: CampaignProgress | undefined;
  /** What the email lacks before it can be sent. */
  needs: string[];
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const latestVersion = useLatestCampaignVersion(campaign.id);
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [problem, setProblem] = useState<{ error: Error; title: string } | null>(null);
  const status = progress?.status ?? campaign.status;
  const unconfirmed = progress?.counts.unconfirmed ?? 0;
  const isEmail = campaign.type === 'email';

  const afterFailure = (error: Error, title: string) => {
    if (isStale(error)) void refreshCampaigns(queryClient);
    setProblem({ error, title });
  };

  const act = useMutation({
    mutationFn: (action: CampaignAction) => runCampaignAction(campaign.id, action, latestVersion()),
    onMutate: () => setProblem(null),
    onSuccess: (next, action) => {
      queryClient.setQueryData(campaignProgressQueryOptions(campaign.id).queryKey, next);
      void refreshCampaigns(queryClient);
      toast.success(actionWords[action].done);
      setConfirming(null);
    },
    onError: (error, action) => {
      setConfirming(null);
      afterFailure(error, actionWords[action].failed);
    },
  });

  const duplicate = useMutation({
    mutationFn: () => duplicateCampaign(campaign.id),
    onMutate: () => setProblem(null),
    onSuccess: (copy) => {
      void refreshCampaigns(queryClient);
      toast.success(`Copied as “${copy.name}”`);
      void navigate(`/marketing/campaigns/${copy.id}`);
    },
    onError: (error) => afterFailure(error, 'The campaign could not be duplicated'),
  });

  const remove = useMutation({
    mutationKey: deletionKey(campaign.id),
    mutationFn: () => deleteCampaign(campaign.id),
    onMutate: () => setProblem(null),
    onSuccess: async () => {
      toast.success(`“${campaign.name}” was deleted`);
      await navigate('/marketing/campaigns');
      // Its own answers would only be 404s from now on.
      queryClient.removeQueries({ queryKey: [...campaignsQueryKey, 'details', campaign.id] });
      queryClient.removeQueries({ queryKey: [...campaignsQueryKey, 'progress', campaign.id] });
      void refreshCampaigns(queryClient);
    },
    onError: (error) => {
      setConfirming(null);
      afterFailure(error, 'The campaign could not be deleted');
    },
  });

  const busy = act.isPending || duplicate.isPending || remove.isPending;
  const canSend = isEmail && (status === 'draft' || status === 'scheduled');
  const mayDelete = status !== 'active';
  const cancelText = cancelWording(status);

  return (
    <div className="flex w-full flex-col gap-3 sm:w-auto sm:items-end">
      <div className="flex flex-wrap gap-2">
        {isEmail && campaign.editable ? (
          <Link
            to={`/marketing/campaigns/${campaign.id}/edit`}
            className={buttonClasses({ variant: 'secondary' })}
          >
            <Pencil aria-hidden="true" className="size-4" />
            Edit email
          </Link>
        ) : null}
        {canSend ? (
          <Button
            onClick={() => setSending(true)}
            disabled={needs.length > 0 || busy}
            aria-describedby={needs.length > 0 ? 'campaign-send-needs' : undefined}
          >
            <Send aria-hidden="true" className="size-4" />
            Send…
          </Button>
        ) : null}
        {isEmail && status === 'active' ? (
          <Button variant="secondary" onClick={() => act.mutate('pause')} disabled={busy}>
            {act.isPending && act.variables === 'pause' ? (
              <Spinner />
            ) : (
              <Pause aria-hidden="true" className="size-4" />
            )}
            Pause
          </Button>
        ) : null}
        {isEmail && status === 'paused' ? (
          <Button onClick={() => act.mutate('resume')} disabled={busy}>
            {act.isPending && act.variables === 'resume' ? (
              <Spinner />
            ) : (
              <Play aria-hidden="true" className="size-4" />
            )}
            Resume
          </Button>
        ) : null}
        {isEmail && (status === 'scheduled' || status === 'active' || status === 'paused') ? (
          <Button variant="secondary" onClick={() => setConfirming('cancel')} disabled={busy}>
            <XCircle aria-hidden="true" className="size-4" />
            {status === 'scheduled' ? 'Cancel schedule' : 'Cancel sending'}
          </Button>
        ) : null}
        {isEmail && unconfirmed > 0 && status !== 'draft' && status !== 'scheduled' ? (
          <Button variant="secondary" onClick={() => setConfirming('resend')} disabled={busy}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Send again to {countOf(unconfirmed, { one: 'unconfirmed', other: 'unconfirmed' })}
          </Button>
        ) : null}
        <DropdownMenu.Root>
          <DropdownMenu.Trigger
            className={buttonClasses({ variant: 'secondary', className: 'px-3' })}
            disabled={busy}
          >
            {duplicate.isPending || remove.isPending ? (
              <Spinner />
            ) : (
              <MoreHorizontal aria-hidden="true" className="size-4" />
            )}
            More
          </DropdownMenu.Trigger>
          <MenuContent align="end">
            <MenuItem onSelect={() => duplicate.mutate()}>
              <Copy aria-hidden="true" className="size-4 text-slate-500" />
              Duplicate
            </MenuItem>
            <MenuItem disabled={!mayDelete} onSelect={() => setConfirming('delete')}>
              <Trash2 aria-hidden="true" className="size-4 text-red-600" />
              {mayDelete ? 'Delete…' : 'Delete (pause or cancel first)'}
            </MenuItem>
          </MenuContent>
        </DropdownMenu.Root>
      </div>

      {problem ? (
        <div className="w-full max-w-xl">
          {isStale(problem.error) ? (
            <Alert title="Someone else changed this campaign">
              The page now shows its latest state. Check it, then try again.
            </Alert>
          ) : (
            <ServerErrorAlert error={problem.error} title={problem.title} />
          )}
        </div>
      ) : null}

      {canSend ? (
        <CampaignSendDialog
          open={sending}
          onClose={() => setSending(false)}
          campaign={campaign}
          status={status}
          latestVersion={latestVersion}
        />
      ) : null}
      <ConfirmDialog
        open={confirming === 'cancel'}
        onClose={() => setConfirming(null)}
        title={cancelText.title}
        description={cancelText.description}
        confirmLabel={cancelText.confirm}
        onConfirm={() => act.mutate('cancel')}
        pending={act.isPending}
      />
      <ConfirmDialog
        open={confirming === 'resend'}
        onClose={() => setConfirming(null)}
        title={`Send again to ${countOf(unconfirmed, { one: 'unconfirmed recipient', other: 'unconfirmed recipients' })}?`}
        description={
          <>
            Sending stopped while the mail server had these messages, so nobody knows whether they arrived.
            Atrium never sends anyone a campaign twice on its own. Send them again only if a duplicate matters
            less than a missed message.
          </>
        }
        confirmLabel="Send again"
        destructive={false}
        onConfirm={() => act.mutate('resend-unconfirmed')}
        pending={act.isPending}
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        onClose={() => setConfirming(null)}
        title={`Delete “${campaign.name}”?`}
        description={
          isEmail
            ? 'The campaign, its recipients and its opens, clicks and bounces are deleted. Unsubscribes and suppressed addresses stay. This cannot be undone.'
            : 'The campaign and the results entered for it are deleted. This cannot be undone.'
        }
        confirmLabel="Delete campaign"
        onConfirm={() => remove.mutate()}
        pending={remove.isPending}
      />
    </div>
  );
}
