import type { CampaignListItem } from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy, MoreHorizontal, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { MenuContent, MenuItem, MenuSeparator } from '../../../components/ui/menu';
import { deleteCampaign, duplicateCampaign, refreshCampaigns } from '../api/campaigns.queries';

/** Why a campaign cannot be deleted now, or null when it can (the server says the same, 409). */
const whyNotDeletable = (campaign: CampaignListItem) =>
  campaign.type === 'email' && campaign.status === 'active' ? 'Sending: pause or cancel it first' : null;

export type CampaignRowActions = {
  duplicate: (campaign: CampaignListItem) => void;
  askToDelete: (campaign: CampaignListItem) => void;
  /** The campaign being copied, while the copy is made. */
  duplicatingId: string | null;
};

/**
 * Duplicate (the copy opens) and delete (after a confirmation) for the campaign list's rows. One
 * confirmation serves the whole list; `dialog` is placed once on the page.
 */
export function useCampaignRowActions() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<CampaignListItem | null>(null);

  const duplicate = useMutation({
    mutationFn: (campaign: CampaignListItem) => duplicateCampaign(campaign.id),
    onSuccess: (copy) => {
      void refreshCampaigns(queryClient);
      toast.success(`Campaign duplicated as “${copy.name}”`);
      void navigate(`/marketing/campaigns/${copy.id}`);
    },
    onError: (error) => toast.error('The campaign could not be duplicated', { description: error.message }),
  });

  const remove = useMutation({
    mutationFn: (campaign: CampaignListItem) => deleteCampaign(campaign.id),
    onSuccess: (_, campaign) => {
      setDeleting(null);
      void refreshCampaigns(queryClient);
      toast.success(`Campaign “${campaign.name}” was deleted`);
    },
    onError: (error) => {
      setDeleting(null);
      toast.error('The campaign could not be deleted', { description: error.message });
    },
  });

  const actions: CampaignRowActions = {
    duplicate: (campaign) => duplicate.mutate(campaign),
    askToDelete: (campaign) => {
      remove.reset();
      setDeleting(campaign);
    },
    duplicatingId: duplicate.isPending ? (duplicate.variables?.id ?? null) : null,
  };

  const dialog = (
    <ConfirmDialog
      open={deleting !== null}
      onClose={() => setDeleting(null)}
      title="Delete this campaign?"
      description={
        deleting ? (
          <>
            <strong className="font-semibold text-slate-900">{deleting.name}</strong> and its results will be
            deleted for everyone. This cannot be undone.
          </>
        ) : null
      }
      confirmLabel="Delete campaign"
      pending={remove.isPending}
      onConfirm={() => {
        if (deleting) remove.mutate(deleting);
      }}
    />
  );

  return { actions, dialog };
}

/** The "…" menu of one row. */
export function CampaignRowMenu({
  campaign,
  actions,
}: {
  campaign: CampaignListItem;
  actions: CampaignRowActions;
}) {
  const blocked = whyNotDeletable(campaign);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`Actions for ${campaign.name}`}
        disabled={actions.duplicatingId === campaign.id}
        className="grid size-9 shrink-0 place-items-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50 data-[state=open]:bg-slate-100"
      >
        <MoreHorizontal aria-hidden="true" className="size-5" />
      </DropdownMenu.Trigger>
      <MenuContent align="end" aria-label={`Actions for ${campaign.name}`}>
        <MenuItem onSelect={() => actions.duplicate(campaign)}>
          <Copy aria-hidden="true" className="size-4" />
          Duplicate
        </MenuItem>
        <MenuSeparator />
        <MenuItem
          disabled={blocked !== null}
          onSelect={() => actions.askToDelete(campaign)}
          className="text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          <span>
            Delete
            {blocked ? <span className="block text-xs text-slate-600">{blocked}</span> : null}
          </span>
        </MenuItem>
      </MenuContent>
    </DropdownMenu.Root>
  );
}
