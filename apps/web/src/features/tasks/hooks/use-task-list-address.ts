import { useAddressState } from '../../../lib/search-params';
import {
  taskListFiltersFrom,
  taskListSearchParams,
  taskListViewFrom,
  type TaskListFilters,
  type TaskListView,
} from '../lib/task-list-filters';

type TaskListState = { filters: TaskListFilters; view: TaskListView };

const stateFrom = (params: URLSearchParams): TaskListState => ({
  filters: taskListFiltersFrom(params),
  view: taskListViewFrom(params),
});

function addressOf({ filters, view }: TaskListState): URLSearchParams {
  const params = taskListSearchParams(filters);
  if (view !== 'list') params.set('view', view);
  return params;
}

/**
 * The task list's filters, order and view, mirrored in the address so a reload or a link (the
 * Projects screen's "Tasks") keeps them.
 */
export function useTaskListAddress() {
  const [state, show] = useAddressState(stateFrom, addressOf);
  return {
    filters: state.filters,
    view: state.view,
    changeFilters: (changes: Partial<TaskListFilters>) =>
      show({ ...state, filters: { ...state.filters, ...changes } }),
    changeView: (view: TaskListView) => show({ ...state, view }),
  };
}
