import type { SegmentLeadSummary } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ComboboxOption } from '../../../components/ui/combobox';
import { RecordPicker, type RecordPickerProps } from '../../../components/ui/record-picker';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { leadSearchQueryOptions } from '../api/campaigns.queries';

export const leadName = (lead: Pick<SegmentLeadSummary, 'firstName' | 'lastName' | 'email'>) =>
  `${lead.firstName} ${lead.lastName}`.trim() || lead.email;

const optionOf = (lead: SegmentLeadSummary): ComboboxOption => ({
  value: lead.id,
  label: leadName(lead),
  description: [lead.email, lead.company].filter(Boolean).join(' · '),
});

/** One lead, found by a part of their name, address or company (the preview's and the test's "as"). */
export function LeadPicker(props: RecordPickerProps) {
  const [typed, setTyped] = useState<string | null>(null);
  const settled = useDebouncedValue((typed ?? '').trim(), 250);
  const search = useQuery({ ...leadSearchQueryOptions({ q: settled, limit: 10 }), enabled: typed !== null });
  return (
    <RecordPicker
      {...props}
      typed={typed}
      onTypedChange={setTyped}
      options={(search.data?.data ?? []).map(optionOf)}
      loading={search.isFetching || settled !== (typed ?? '').trim()}
      emptyText={search.isError ? 'The leads could not be searched. Try again later.' : 'No leads found'}
      listLabel="Leads"
      placeholder="Search leads by name or email"
    />
  );
}
