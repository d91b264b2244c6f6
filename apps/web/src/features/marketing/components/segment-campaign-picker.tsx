import { campaignStatusLabels } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  RecordPicker,
  type PickedRecord,
  type PickerControlProps,
} from '../../../components/ui/record-picker';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { campaignListQueryOptions, campaignQueryOptions } from '../api/campaigns.queries';

/**
 * Picks the campaign of a "campaign activity" condition by typing part of its name. A saved rule
 * holds only the campaign's id, so its name is read once from the campaign itself.
 */
export function SegmentCampaignPicker({
  campaignId,
  onChange,
  ...control
}: PickerControlProps & { campaignId: string; onChange: (campaignId: string) => void }) {
  const [typed, setTyped] = useState<string | null>(null);
  const [picked, setPicked] = useState<PickedRecord | null>(null);
  const search = useDebouncedValue(typed?.trim() ?? '', 250);
  const campaigns = useQuery({
    ...campaignListQueryOptions({ q: search || undefined, limit: 20, sort: 'name', order: 'asc' }),
    enabled: typed !== null,
  });
  const known = picked?.id === campaignId ? picked : null;
  const saved = useQuery({ ...campaignQueryOptions(campaignId), enabled: campaignId !== '' && !known });
  const value =
    known ??
    (campaignId
      ? { id: campaignId, name: saved.data?.name ?? (saved.isError ? 'A deleted campaign' : '…') }
      : null);

  return (
    <RecordPicker
      {...control}
      value={value}
      onChange={(record) => {
        setPicked(record);
        onChange(record?.id ?? '');
      }}
      typed={typed}
      onTypedChange={setTyped}
      options={(campaigns.data?.data ?? []).map((campaign) => ({
        value: campaign.id,
        label: campaign.name,
        description: campaignStatusLabels[campaign.status],
      }))}
      loading={campaigns.isFetching}
      emptyText={campaigns.isError ? 'The campaigns could not be loaded' : 'No campaign has that name'}
      listLabel="Campaigns"
      placeholder="Search campaigns"
    />
  );
}
