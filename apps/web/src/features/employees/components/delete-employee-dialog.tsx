import { employeeFullName, type Employee } from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { deleteEmployee, employeesQueryKey, restoreEmployee } from '../api/employees.queries';

/**
 * Delete asks first (ARCHITECTURE.md: every destructive action has a confirmation), then offers Undo:
 * the server keeps the record (soft delete) and restores it with its employee ID.
 */
export function DeleteEmployeeDialog({
  employee,
  onClose,
}: {
  employee: Employee | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: employeesQueryKey });

  const restore = useMutation({
    mutationFn: (target: Employee) => restoreEmployee(target.id),
    onSuccess: (restored) => {
      void refresh();
      toast.success(`${employeeFullName(restored)} is back in the directory`);
    },
    onError: (error, target) =>
      toast.error(`${employeeFullName(target)} could not be restored`, { description: error.message }),
  });

  const remove = useMutation({
    mutationFn: (target: Employee) => deleteEmployee(target.id),
    onSuccess: (_, target) => {
      void refresh();
      toast.success(`${employeeFullName(target)} was deleted`, {
        description: `${target.employeeCode} is removed from the directory.`,
        action: { label: 'Undo', onClick: () => restore.mutate(target) },
        duration: 10_000,
      });
    },
    onError: (error, target) =>
      toast.error(`${employeeFullName(target)} could not be deleted`, { description: error.message }),
  });

  const name = employee ? employeeFullName(employee) : '';
  return (
    <ConfirmDialog
      open={employee !== null}
      onClose={onClose}
      title={`Delete ${name}?`}
      description="They disappear from the directory, its counts and exports. You can undo this right after."
      confirmLabel="Delete"
      pending={remove.isPending}
      onConfirm={() => {
        if (employee) remove.mutate(employee, { onSettled: onClose });
      }}
    />
  );
}
