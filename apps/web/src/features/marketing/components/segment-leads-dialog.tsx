import { useInfiniteQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { Modal } from '../../../components/ui/dialog';
import { ListFooter } from '../../../components/ui/list-states';
import { PanelListBody } from '../../../components/ui/paged-list';
import { segmentLeadsInfiniteQueryOptions } from '../api/segments.queries';
import { SegmentLeadTable } from './segment-lead-table';

const noun = { one: 'lead', many: 'leads' };

/** Every lead of a saved segment, a page at a time (by last name, first name). */
export function SegmentLeadsDialog({
  segment,
  open,
  onClose,
}: {
  segment: { id: string; name: string };
  open: boolean;
  onClose: () => void;
}) {
  const list = useInfiniteQuery({ ...segmentLeadsInfiniteQueryOptions(segment.id), enabled: open });
  const leads = list.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="xl"
      title={`Leads in “${segment.name}”`}
      description="As the saved rules select them today, by name."
    >
      <div className="overflow-hidden rounded-xl ring-1 ring-slate-200">
        <PanelListBody list={list} noun={noun} empty="No lead matches this segment." emptyIcon={Users}>
          <SegmentLeadTable caption={`Leads in ${segment.name}`} leads={leads} />
        </PanelListBody>
      </div>
      {leads.length > 0 ? (
        <div className="mt-4">
          <ListFooter
            shown={leads.length}
            noun={noun}
            hasMore={list.hasNextPage}
            loadingMore={list.isFetchingNextPage}
            loadMoreFailed={list.isFetchNextPageError}
            onLoadMore={() => void list.fetchNextPage()}
          />
        </div>
      ) : null}
    </Modal>
  );
}
