import { isUuid, useAddressState } from '../../../lib/search-params';
import { filterSearchParams, filtersFromSearchParams, type ProjectFilters } from '../lib/project-filters';

/** The dialog the address opens: New Project (?new=1, the Dashboard's link), a project's details or its edit form. */
export type ProjectsDialog =
  { kind: 'new' } | { kind: 'details'; id: string } | { kind: 'edit'; id: string } | null;

type ScreenState = { filters: ProjectFilters; dialog: ProjectsDialog };

function dialogFromSearchParams(params: URLSearchParams): ProjectsDialog {
  if (params.get('new') === '1') return { kind: 'new' };
  const edit = params.get('edit');
  if (isUuid(edit)) return { kind: 'edit', id: edit };
  const details = params.get('project');
  if (isUuid(details)) return { kind: 'details', id: details };
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

/** The screen's filters and open dialog, mirrored in the address so a reload or a shared link keeps them. */
export function useProjectsAddress() {
  const [state, show] = useAddressState(stateOf, addressOf);
  return {
    filters: state.filters,
    dialog: state.dialog,
    changeFilters: (changes: Partial<ProjectFilters>) =>
      show({ ...state, filters: { ...state.filters, ...changes } }),
    openDialog: (dialog: ProjectsDialog) => show({ ...state, dialog }),
  };
}
