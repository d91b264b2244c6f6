import type { Employee } from '@atrium/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { SearchX, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { hasPermission, useMe } from '../../accounts';
import { employeeListQueryOptions } from '../api/employees.queries';
import { DeleteEmployeeDialog } from '../components/delete-employee-dialog';
import { DirectoryStats } from '../components/directory-stats';
import { DirectoryToolbar, ExportMenu, ViewSwitch } from '../components/directory-toolbar';
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

const count = new Intl.NumberFormat('en');

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
  const total = list.data?.pages[0]?.total;

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
            <ExportMenu filters={filters} />
            {canManage ? (
              <Button onClick={() => setDialog({ kind: 'add' })}>
                <UserPlus aria-hidden="true" className="size-4" />
                Add Employee
              </Button>
            ) : null}
          </>
        }
      />

      <DirectoryStats />

      <DirectoryToolbar
        filters={filters}
        onChange={changeFilters}
        searching={list.isFetching && !list.isFetchingNextPage && list.isPlaceholderData}
      />

      <section aria-labelledby="directory-results" aria-busy={list.isFetching} className="space-y-4">
        <div className="flex min-h-9 flex-wrap items-center justify-between gap-2">
          <h2 id="directory-results" aria-live="polite" className="text-sm text-slate-700">
            {list.isPending ? (
              'Loading employees…'
            ) : total === undefined ? (
              'Employees'
            ) : (
              <>
                Showing <span className="font-semibold text-slate-900">{count.format(employees.length)}</span>{' '}
                of <span className="font-semibold text-slate-900">{count.format(total)}</span>{' '}
                {total === 1 ? 'employee' : 'employees'}
              </>
            )}
          </h2>
          <div className="flex items-center gap-2">
            {filtered ? (
              <Button variant="ghost" size="sm" onClick={() => changeFilters(defaultFilters)}>
                Clear filters
              </Button>
            ) : null}
            <ViewSwitch view={view} onViewChange={changeView} />
          </div>
        </div>

        {list.isPending ? (
          <ListSkeleton view={view} />
        ) : list.isError && employees.length === 0 ? (
          <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <ServerErrorAlert error={list.error} title="The employees could not be loaded" />
            <Button variant="secondary" className="mt-4" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
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

        {list.isFetchNextPageError ? (
          <ServerErrorAlert error={list.error} title="More employees could not be loaded" />
        ) : null}
        {list.hasNextPage && !list.isPlaceholderData ? (
          <div className="flex justify-center">
            <Button
              variant="secondary"
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
            >
              {list.isFetchingNextPage ? <Spinner /> : null}
              {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          </div>
        ) : null}
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
