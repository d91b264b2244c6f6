import { useAddressState } from '../../../lib/search-params';
import {
  filterSearchParams,
  filtersFromSearchParams,
  viewFromSearchParams,
  type DirectoryFilters,
  type DirectoryView,
} from '../lib/directory-filters';

type DirectoryState = { filters: DirectoryFilters; view: DirectoryView };

const stateFrom = (params: URLSearchParams): DirectoryState => ({
  filters: filtersFromSearchParams(params),
  view: viewFromSearchParams(params),
});

function addressOf({ filters, view }: DirectoryState): URLSearchParams {
  const params = filterSearchParams(filters);
  if (view !== 'grid') params.set('view', view);
  return params;
}

/** The directory's filters and view, mirrored in the address so a reload or a shared link keeps them. */
export function useDirectoryAddress() {
  const [state, show] = useAddressState(stateFrom, addressOf);
  return {
    filters: state.filters,
    view: state.view,
    changeFilters: (changes: Partial<DirectoryFilters>) =>
      show({ ...state, filters: { ...state.filters, ...changes } }),
    changeView: (view: DirectoryView) => show({ ...state, view }),
  };
}
