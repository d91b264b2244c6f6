import {
  projectPriorities,
  projectSortKeys,
  projectStatuses,
  type ProjectPriority,
  type ProjectSortKey,
  type ProjectStatus,
} from '@atrium/shared';

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

const isOneOf =
  <T extends string>(values: readonly T[]) =>
  (value: string): value is T =>
    (values as readonly string[]).includes(value);
const isStatus = isOneOf(projectStatuses);
const isPriority = isOneOf(projectPriorities);
const isSortKey = isOneOf(projectSortKeys);
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the filters from the address; anything unknown (an old or hand-edited link) falls back to the default. */
export function filtersFromSearchParams(params: URLSearchParams): ProjectFilters {
  const status = params.get('status') ?? '';
  const priority = params.get('priority') ?? '';
  const managerId = params.get('managerId') ?? '';
  const sort = params.get('sort') ?? '';
  const order = params.get('order');
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    status: isStatus(status) ? status : '',
    priority: isPriority(priority) ? priority : '',
    managerId: uuidPattern.test(managerId) ? managerId : '',
    sort: isSortKey(sort) ? sort : defaultFilters.sort,
    order: order === 'asc' || order === 'desc' ? order : defaultFilters.order,
  };
}

/** Only what differs from the default, so a plain /projects/active stays plain. */
export function filterSearchParams(filters: ProjectFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['q', 'status', 'priority', 'managerId', 'sort', 'order'] as const) {
    if (filters[key] !== defaultFilters[key]) params.set(key, filters[key]);
  }
  return params;
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
