import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { filterSearchParams, filtersFromSearchParams, type ProjectFilters } from '../lib/project-filters';

/** The dialog the address opens: New Project (?new=1, the Dashboard's link), a project's details or its edit form. */
export type ProjectsDialog =
  { kind: 'new' } | { kind: 'details'; id: string } | { kind: 'edit'; id: string } | null;

type ScreenState = { filters: ProjectFilters; dialog: ProjectsDialog };

const idPattern = /^[0-9a-f-]{36}$/i;

function dialogFromSearchParams(params: URLSearchParams): ProjectsDialog {
  if (params.get('new') === '1') return { kind: 'new' };
  const edit = params.get('edit') ?? '';
  if (idPattern.test(edit)) return { kind: 'edit', id: edit };
  const details = params.get('project') ?? '';
  if (idPattern.test(details)) return { kind: 'details', id: details };
  return null;
}

function stateOf(params: URLSearchParams): ScreenState {
  return { filters: filtersFromSearchParams(params), dialog: dialogFromSearchParams(params) };
}

function addressOf({ filters, dialog }: ScreenState): URLSearchParams {
  const params = filterSearchParams(filters);
  if (dialog?.kind === 'new') params.set('new', '1');
  if (dialog?.kind === 'edit') params.set('edit', dialog.id);
  if (dialog?.kind === 'details') params.set('project', dialog.id);
  return params;
}

/**
 * The screen's filters and open dialog, mirrored in the address so a reload or a shared link keeps
 * them. The screen answers from its own state at once: a change of address is a navigation that
 * completes later, and two quick changes must not build on a stale one. When the address changes
 * from elsewhere (a link, Back), it wins.
 */
export function useProjectsAddress() {
  const [searchParams, setSearchParams] = useSearchParams();
  const address = searchParams.toString();
  const [state, setState] = useState<ScreenState>(() => stateOf(searchParams));
  const [seenAddress, setSeenAddress] = useState(address);
  const [requestedAddress, setRequestedAddress] = useState(address);

  if (address !== seenAddress) {
    setSeenAddress(address);
    if (address !== requestedAddress) {
      setRequestedAddress(address);
      setState(stateOf(searchParams));
    }
  }

  const show = (next: ScreenState) => {
    const params = addressOf(next);
    setState(next);
    setRequestedAddress(params.toString());
    // Replace, not push: Back leaves the screen instead of stepping through every filter and dialog.
    setSearchParams(params, { replace: true });
  };

  return {
    filters: state.filters,
    dialog: state.dialog,
    changeFilters: (changes: Partial<ProjectFilters>) =>
      show({ ...state, filters: { ...state.filters, ...changes } }),
    openDialog: (dialog: ProjectsDialog) => show({ ...state, dialog }),
  };
}
