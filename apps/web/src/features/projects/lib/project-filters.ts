import {
  projectPriorities,
  projectSortKeys,
  projectStatuses,
  type ProjectPriority,
  type ProjectSortKey,
  type ProjectStatus,
} from '@atrium/shared';
import { isUuid, oneOf, searchParamsDifferingFrom, searchTextFrom } from '../../../lib/search-params';

/** The Projects screen's search, filters (spec 2: Status, Priority, Manager) and order, kept in the address. */
export type ProjectFilters = {
  q: string;
  status: ProjectStatus | '';
  priority: ProjectPriority | '';
  managerId: string;
  sort: ProjectSortKey;
  order: 'asc' | 'desc';
};

export const defaultFilters: ProjectFilters = {
  q: '',
  status: '',
  priority: '',
  managerId: '',
  sort: 'createdAt',
  order: 'desc',
};

/** Reads the filters from the address; anything unknown (an old or hand-edited link) falls back to the default. */
export function filtersFromSearchParams(params: URLSearchParams): ProjectFilters {
  const managerId = params.get('managerId');
  return {
    q: searchTextFrom(params),
    status: oneOf(projectStatuses, params.get('status')) ?? '',
    priority: oneOf(projectPriorities, params.get('priority')) ?? '',
    managerId: isUuid(managerId) ? managerId : '',
    sort: oneOf(projectSortKeys, params.get('sort')) ?? defaultFilters.sort,
    order: oneOf(['asc', 'desc'], params.get('order')) ?? defaultFilters.order,
  };
}

/** Only what differs from the default, so a plain /projects/active stays plain. */
export function filterSearchParams(filters: ProjectFilters): URLSearchParams {
  return searchParamsDifferingFrom(filters, defaultFilters);
}

/** The same filters without the order: the stats cards count, they do not sort. */
export function statsSearchParams(filters: ProjectFilters): URLSearchParams {
  const params = filterSearchParams(filters);
  params.delete('sort');
  params.delete('order');
  return params;
}

export function hasActiveFilters(filters: ProjectFilters): boolean {
  return filters.q !== '' || filters.status !== '' || filters.priority !== '' || filters.managerId !== '';
}

/** The sort menu: one option per order people actually want. */
export const sortOptions: readonly { label: string; sort: ProjectSortKey; order: 'asc' | 'desc' }[] = [
  { label: 'Newest first', sort: 'createdAt', order: 'desc' },
  { label: 'Oldest first', sort: 'createdAt', order: 'asc' },
  { label: 'Name (A–Z)', sort: 'name', order: 'asc' },
  { label: 'Name (Z–A)', sort: 'name', order: 'desc' },
  { label: 'Due soonest', sort: 'endDate', order: 'asc' },
  { label: 'Due latest', sort: 'endDate', order: 'desc' },
  { label: 'Highest priority', sort: 'priority', order: 'desc' },
  { label: 'Most complete', sort: 'progress', order: 'desc' },
  { label: 'Least complete', sort: 'progress', order: 'asc' },
];
