import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  filterSearchParams,
  filtersFromSearchParams,
  viewFromSearchParams,
  type DirectoryFilters,
  type DirectoryView,
} from '../lib/directory-filters';

type DirectoryState = { filters: DirectoryFilters; view: DirectoryView };

function addressOf({ filters, view }: DirectoryState): URLSearchParams {
  const params = filterSearchParams(filters);
  if (view !== 'grid') params.set('view', view);
  return params;
}

/**
 * The directory's filters and view, mirrored in the address so a reload or a shared link keeps them.
 * The screen answers from its own state at once: a change of address is a navigation that completes
 * later (the app route's loader runs again), and two quick changes must not build on a stale one.
 * When the address changes from elsewhere (a link, Back), it wins.
 */
export function useDirectoryAddress() {
  const [searchParams, setSearchParams] = useSearchParams();
  const address = searchParams.toString();
  const [state, setState] = useState<DirectoryState>(() => ({
    filters: filtersFromSearchParams(searchParams),
    view: viewFromSearchParams(searchParams),
  }));
  const [seenAddress, setSeenAddress] = useState(address);
  const [requestedAddress, setRequestedAddress] = useState(address);

  if (address !== seenAddress) {
    setSeenAddress(address);
    if (address !== requestedAddress) {
      setRequestedAddress(address);
      setState({ filters: filtersFromSearchParams(searchParams), view: viewFromSearchParams(searchParams) });
    }
  }

  const show = (next: DirectoryState) => {
    const params = addressOf(next);
    setState(next);
    setRequestedAddress(params.toString());
    // Replace, not push: Back leaves the directory instead of stepping through every search.
    setSearchParams(params, { replace: true });
  };

  return {
    filters: state.filters,
    view: state.view,
    changeFilters: (changes: Partial<DirectoryFilters>) =>
      show({ ...state, filters: { ...state.filters, ...changes } }),
    changeView: (view: DirectoryView) => show({ ...state, view }),
  };
}
