import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  taskListFiltersFrom,
  taskListSearchParams,
  taskListViewFrom,
  type TaskListFilters,
  type TaskListView,
} from '../lib/task-list-filters';

type TaskListState = { filters: TaskListFilters; view: TaskListView };

function addressOf({ filters, view }: TaskListState): URLSearchParams {
  const params = taskListSearchParams(filters);
  if (view !== 'list') params.set('view', view);
  return params;
}

const stateFrom = (params: URLSearchParams): TaskListState => ({
  filters: taskListFiltersFrom(params),
  view: taskListViewFrom(params),
});

/**
 * The task list's filters, order and view, mirrored in the address so a reload or a link (the
 * Projects screen's "Tasks") keeps them. The screen answers from its own state at once: an address
 * change is a navigation that completes later, and two quick changes must not build on a stale one.
 * When the address changes from elsewhere (a link, Back), it wins.
 */
export function useTaskListAddress() {
  const [searchParams, setSearchParams] = useSearchParams();
  const address = searchParams.toString();
  const [state, setState] = useState<TaskListState>(() => stateFrom(searchParams));
  const [seenAddress, setSeenAddress] = useState(address);
  const [requestedAddress, setRequestedAddress] = useState(address);

  if (address !== seenAddress) {
    setSeenAddress(address);
    if (address !== requestedAddress) {
      setRequestedAddress(address);
      setState(stateFrom(searchParams));
    }
  }

  const show = (next: TaskListState) => {
    const params = addressOf(next);
    setState(next);
    setRequestedAddress(params.toString());
    // Replace, not push: Back leaves the list instead of stepping through every filter.
    setSearchParams(params, { replace: true });
  };

  return {
    filters: state.filters,
    view: state.view,
    changeFilters: (changes: Partial<TaskListFilters>) =>
      show({ ...state, filters: { ...state.filters, ...changes } }),
    changeView: (view: TaskListView) => show({ ...state, view }),
  };
}
