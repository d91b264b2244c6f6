import type { Employee } from '@atrium/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { SearchX, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadMore, PagedListError, PagedListHeading, type ListNoun } from '../../../components/ui/paged-list';
import { ViewSwitch } from '../../../components/ui/view-switch';
import { cn } from '../../../lib/cn';
import { hasPermission, useMe } from '../../accounts';
import { employeeListQueryOptions } from '../api/employees.queries';
import { DeleteEmployeeDialog } from '../components/delete-employee-dialog';
import { DirectoryStats } from '../components/directory-stats';
import { DirectoryToolbar, directoryViews, ExportMenu } from '../components/directory-toolbar';
import type { EmployeeActionHandlers, EmployeeActionRights } from '../components/employee-actions';
import { EmployeeDetailsDialog } from '../components/employee-details-dialog';
import { EmployeeFormDialog } from '../components/employee-form-dialog';
import { EmployeeGrid } from '../components/employee-grid';
import { ListSkeleton } from '../components/list-skeleton';
import { EmployeeTable } from '../components/employee-table';
import { useDirectoryAddress } from '../hooks/use-directory-address';
import { defaultFilters, hasActiveFilters } from '../lib/directory-filters';

type OpenDialog =
  { kind: 'add' } | { kind: 'edit'; employee: Employee } | { kind: 'details'; employee: Employee } | null;

const employeeNoun: ListNoun = { one: 'employee', many: 'employees' };

/**
 * /team/directory and /team (spec 2, "Employee Directory"; issue 4). Search, filters and paging run
 * on the server, so the screen stays quick at 10,000 employees; the filters live in the address.
 */
export function DirectoryPage() {
  const me = useMe();
  const canManage = hasPermission(me, 'people:manage');
  const canSeeSalary = hasPermission(me, 'people:view-compensation');

  const { filters, view, changeFilters, changeView } = useDirectoryAddress();

  const list = useInfiniteQuery(employeeListQueryOptions(filters));
  const employees = list.data?.pages.flatMap((page) => page.data) ?? [];

  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [deleting, setDeleting] = useState<Employee | null>(null);
  const handlers: EmployeeActionHandlers = {
    onView: (employee) => setDialog({ kind: 'details', employee }),
    onEdit: (employee) => setDialog({ kind: 'edit', employee }),
    onDelete: setDeleting,
  };
  const rights: EmployeeActionRights = { canManage, ownEmployeeId: me.employeeId };
  const filtered = hasActiveFilters(filters);

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{`Employee Directory — ${me.workspace.name} — Atrium`}</title>
      <PageHeader
        title="Employee Directory"
        description="Everyone in the workspace: contact details, departments and status."
        actions={
          <>
            {hasPermission(me, 'people:export') ? <ExportMenu filters={filters} /> : null}
            {canManage ? (
              <Button onClick={() => setDialog({ kind: 'add' })}>
                <UserPlus aria-hidden="true" className="size-4" />
                Add Employee
              </Button>
            ) : null}
          </>
        }
      />

      <DirectoryStats filters={filters} />

      <DirectoryToolbar
        filters={filters}
        onChange={changeFilters}
        searching={list.isFetching && !list.isFetchingNextPage && list.isPlaceholderData}
      />

      <section aria-labelledby="directory-results" aria-busy={list.isFetching} className="space-y-4">
        <div className="flex min-h-9 flex-wrap items-center justify-between gap-2">
          <PagedListHeading id="directory-results" list={list} noun={employeeNoun} />
          <div className="flex items-center gap-2">
            {filtered ? (
              <Button variant="ghost" size="sm" onClick={() => changeFilters(defaultFilters)}>
                Clear filters
              </Button>
            ) : null}
            <ViewSwitch choices={directoryViews} view={view} onViewChange={changeView} />
          </div>
        </div>

        {list.isPending ? (
          <ListSkeleton view={view} />
        ) : list.isError && employees.length === 0 ? (
          <PagedListError list={list} noun={employeeNoun} />
        ) : employees.length === 0 ? (
          <EmptyState
            icon={SearchX}
            title="No employees found"
            description={
              filtered
                ? 'No one matches this search and these filters. Try other words or clear the filters.'
                : 'Add the first employee to start the directory.'
            }
            action={
              filtered ? (
                <Button variant="secondary" onClick={() => changeFilters(defaultFilters)}>
                  Clear filters
                </Button>
              ) : canManage ? (
                <Button onClick={() => setDialog({ kind: 'add' })}>
                  <UserPlus aria-hidden="true" className="size-4" />
                  Add Employee
                </Button>
              ) : null
            }
          />
        ) : (
          <div className={cn('transition-opacity', list.isPlaceholderData && 'opacity-60')}>
            {view === 'grid' ? (
              <EmployeeGrid employees={employees} handlers={handlers} rights={rights} />
            ) : (
              <EmployeeTable
                employees={employees}
                handlers={handlers}
                rights={rights}
                showSalary={canSeeSalary}
              />
            )}
          </div>
        )}

        <LoadMore list={list} noun={employeeNoun} />
      </section>

      {dialog?.kind === 'add' ? (
        <EmployeeFormDialog canSeeSalary={canSeeSalary} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <EmployeeFormDialog
          key={dialog.employee.id}
          employee={dialog.employee}
          canSeeSalary={canSeeSalary}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'details' ? (
        <EmployeeDetailsDialog
          key={dialog.employee.id}
          employee={dialog.employee}
          onClose={() => setDialog(null)}
        />
      ) : null}
      <DeleteEmployeeDialog employee={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
