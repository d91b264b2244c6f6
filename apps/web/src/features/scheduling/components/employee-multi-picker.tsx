import { employeeFullName } from '@atrium/shared';
import { Search, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { pickedEmployee, useEmployeeSearch, type PickedEmployee } from '../../employees';

/**
 * Pick several employees: search, tick the ones you want; the picked ones stay listed above the
 * search (with a remove button each) while you search for more.
 */
export function EmployeeMultiPicker({
  value,
  onChange,
  error,
}: {
  value: readonly PickedEmployee[];
  onChange: (employees: PickedEmployee[]) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const { employees, total, searching } = useEmployeeSearch(search, { onlyActive: true });
  const picked = new Set(value.map((employee) => employee.id));
  const unpickedShown = employees.filter((employee) => !picked.has(employee.id));

  const toggle = (employee: PickedEmployee, checked: boolean) =>
    onChange(checked ? [...value, employee] : value.filter((other) => other.id !== employee.id));

  return (
    // min-w-0: a fieldset is as wide as its content by default, which pushes long names off a phone.
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="min-w-0">
      <legend className="text-sm font-medium text-slate-800">Employees</legend>
      <div className="mt-1.5 flex min-h-8 flex-wrap items-center gap-1.5" aria-live="polite">
        {value.length === 0 ? (
          <p className="text-sm text-slate-600">Nobody picked yet.</p>
        ) : (
          <>
            <p className="sr-only">{`${value.length} picked:`}</p>
            {value.map((employee) => (
              <span
                key={employee.id}
                className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-2.5 text-sm font-medium text-indigo-800 ring-1 ring-indigo-600/20 ring-inset"
              >
                {employee.name}
                <button
                  type="button"
                  aria-label={`Remove ${employee.name}`}
                  onClick={() => toggle(employee, false)}
                  className="grid size-6 place-items-center rounded-full hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </span>
            ))}
          </>
        )}
      </div>
      <div className="relative mt-3">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        <Input
          type="search"
          aria-label="Find employees"
          placeholder="Find employees by name, title or id"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="pl-9"
        />
      </div>
      <div className="mt-2 max-h-56 overflow-y-auto rounded-lg ring-1 ring-slate-200">
        {employees.length === 0 ? (
          <p className="flex items-center gap-2 p-3 text-sm text-slate-600">
            {searching ? (
              <>
                <Spinner /> Searching…
              </>
            ) : (
              'No employees found'
            )}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {employees.map((employee) => {
              const name = employeeFullName(employee);
              return (
                <li key={employee.id}>
                  <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-slate-50">
                    <input
                      type="checkbox"
                      checked={picked.has(employee.id)}
                      onChange={(event) => toggle(pickedEmployee(employee), event.target.checked)}
                      className="size-4 shrink-0 accent-indigo-600"
                    />
                    <span className="min-w-0">
                      <span className="block truncate text-sm font-medium text-slate-900">{name}</span>
                      <span className="block truncate text-xs text-slate-600">
                        {employee.jobTitle} · {employee.department} · {employee.employeeCode}
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
        <span>
          {total !== undefined && total > employees.length
            ? `Showing ${employees.length} of ${total} matches; search to narrow them down.`
            : `${employees.length} ${employees.length === 1 ? 'match' : 'matches'}`}
        </span>
        {unpickedShown.length > 1 ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onChange([...value, ...unpickedShown.map(pickedEmployee)])}
          >
            Pick all {unpickedShown.length} shown
          </Button>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
