import { useRef } from 'react';
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
  // A heading's sort reaches here after the click's paint, as a transition (TaskTable): until that
  // renders, `state` is still the one before it, and a change made meanwhile (another heading, a
  // filter) must build on the order asked for, not undo it.
  const requested = useRef<{ from: TaskListState; to: TaskListState } | null>(null);
  const change = (next: (current: TaskListState) => TaskListState) => {
    const pending = requested.current;
    const to = next(pending?.from === state ? pending.to : state);
    requested.current = { from: state, to };
    show(to);
  };
  return {
    filters: state.filters,
    view: state.view,
    changeFilters: (changes: Partial<TaskListFilters>) =>
      change((current) => ({ ...current, filters: { ...current.filters, ...changes } })),
    changeView: (view: TaskListView) => change((current) => ({ ...current, view })),
  };
}
