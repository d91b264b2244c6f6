import { employeeSortKeys, userStatuses, type EmployeeSortKey, type UserStatus } from '@atrium/shared';
import { oneOf, searchParamsDifferingFrom, searchTextFrom } from '../../../lib/search-params';

/** The directory's search, filters and order: kept in the address so a reload or a link keeps them. */
export type DirectoryFilters = {
  q: string;
  department: string;
  status: UserStatus | '';
  sort: EmployeeSortKey;
  order: 'asc' | 'desc';
};

export type DirectoryView = 'grid' | 'table';

export const defaultFilters: DirectoryFilters = {
  q: '',
  department: '',
  status: '',
  sort: 'name',
  order: 'asc',
};

/** Reads the filters from the address; anything unknown (an old or hand-edited link) falls back to the default. */
export function filtersFromSearchParams(params: URLSearchParams): DirectoryFilters {
  return {
    q: searchTextFrom(params),
    department: params.get('department') ?? '',
    status: oneOf(userStatuses, params.get('status')) ?? '',
    sort: oneOf(employeeSortKeys, params.get('sort')) ?? defaultFilters.sort,
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
  };
}

export function viewFromSearchParams(params: URLSearchParams): DirectoryView {
  return params.get('view') === 'table' ? 'table' : 'grid';
}

/** Only what differs from the default, so a plain /team/directory stays plain. */
export function filterSearchParams(filters: DirectoryFilters): URLSearchParams {
  return searchParamsDifferingFrom(filters, defaultFilters);
}

export function hasActiveFilters(filters: DirectoryFilters): boolean {
  return filters.q !== '' || filters.department !== '' || filters.status !== '';
}

/** The sort menu: one option per sort key and direction people actually want. */
export const sortOptions: readonly { label: string; sort: EmployeeSortKey; order: 'asc' | 'desc' }[] = [
  { label: 'Name (A–Z)', sort: 'name', order: 'asc' },
  { label: 'Name (Z–A)', sort: 'name', order: 'desc' },
  { label: 'Employee ID', sort: 'employeeCode', order: 'asc' },
  { label: 'Department', sort: 'department', order: 'asc' },
  { label: 'Newest start date', sort: 'startDate', order: 'desc' },
  { label: 'Oldest start date', sort: 'startDate', order: 'asc' },
];
