import { employeeFullName, type Employee } from '@atrium/shared';
import { Eye, Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';

export type EmployeeActionHandlers = {
  onView: (employee: Employee) => void;
  onEdit: (employee: Employee) => void;
  onDelete: (employee: Employee) => void;
};

export type EmployeeActionRights = {
  canManage: boolean;
  /** The viewer's own employee record: the server refuses deleting it. */
  ownEmployeeId: string | null;
};

/** Spec 2, "Per employee": view details, the second button (Edit) and delete. */
export function EmployeeActions({
  employee,
  handlers,
  rights,
  compact = false,
}: {
  employee: Employee;
  handlers: EmployeeActionHandlers;
  rights: EmployeeActionRights;
  /** Icons only (table rows); the name is always in the accessible label. */
  compact?: boolean;
}) {
  const name = employeeFullName(employee);
  const iconButton = 'size-9 px-0';
  return (
    <div className="flex items-center justify-end gap-1">
      {compact ? (
        <Button
          variant="ghost"
          size="sm"
          className={iconButton}
          aria-label={`View details of ${name}`}
          title="View details"
          onClick={() => handlers.onView(employee)}
        >
          <Eye aria-hidden="true" className="size-4" />
        </Button>
      ) : (
        <Button variant="secondary" size="sm" className="mr-auto" onClick={() => handlers.onView(employee)}>
          <Eye aria-hidden="true" className="size-4" />
          View details<span className="sr-only"> of {name}</span>
        </Button>
      )}
      {rights.canManage ? (
        <>
          <Button
            variant="ghost"
            size="sm"
            className={iconButton}
            aria-label={`Edit ${name}`}
            title="Edit"
            onClick={() => handlers.onEdit(employee)}
          >
            <Pencil aria-hidden="true" className="size-4" />
          </Button>
          {employee.id === rights.ownEmployeeId ? null : (
            <Button
              variant="ghost"
              size="sm"
              className={`${iconButton} text-red-700 hover:bg-red-50 hover:text-red-800`}
              aria-label={`Delete ${name}`}
              title="Delete"
              onClick={() => handlers.onDelete(employee)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          )}
        </>
      ) : null}
    </div>
  );
}
