import { useAddressState } from '../../../lib/search-params';
import {
  ticketQueueFiltersFrom,
  ticketQueueSearchParams,
  type TicketQueueFilters,
} from '../lib/ticket-queue-filters';

/** The queue's view, search, filters and order, mirrored in the address so a reload or a link keeps them. */
export function useTicketQueueAddress() {
  const [filters, show] = useAddressState(ticketQueueFiltersFrom, ticketQueueSearchParams);
  return {
    filters,
    changeFilters: (changes: Partial<TicketQueueFilters>) => show((current) => ({ ...current, ...changes })),
  };
}
