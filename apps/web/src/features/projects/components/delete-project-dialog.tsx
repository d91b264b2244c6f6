import type { ProjectSummary } from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { deleteProject, projectDependentQueryKeys, projectsQueryKey } from '../api/projects.queries';
import { plural } from '../lib/format';

/**
 * Delete asks first (ARCHITECTURE.md: every destructive action has a confirmation) and says what
 * goes with the project: its tasks, with their comments and subtasks, for everyone.
 */
export function DeleteProjectDialog({
  project,
  onClose,
}: {
  project: ProjectSummary | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (target: ProjectSummary) => deleteProject(target.id),
    onSuccess: (_, target) => {
      // The cached details would answer a later look with a project that is gone.
      queryClient.removeQueries({ queryKey: [...projectsQueryKey, 'details', target.id] });
      void queryClient.invalidateQueries({ queryKey: projectsQueryKey });
      for (const queryKey of projectDependentQueryKeys) void queryClient.invalidateQueries({ queryKey });
      toast.success(`${target.name} was deleted`, {
        description:
          target.tasksTotal > 0
            ? `Its ${plural(target.tasksTotal, 'task was', 'tasks were')} deleted with it.`
            : undefined,
      });
    },
    onError: (error, target) =>
      toast.error(`${target.name} could not be deleted`, { description: error.message }),
  });

  const tasks = project?.tasksTotal ?? 0;
  return (
    <ConfirmDialog
      open={project !== null}
      onClose={onClose}
      title={`Delete ${project?.name ?? 'project'}?`}
      description={
        tasks > 0
          ? `The project and its ${plural(tasks, 'task', 'tasks')}, with their comments and subtasks, are deleted for everyone. This cannot be undone.`
          : 'The project is deleted for everyone. This cannot be undone.'
      }
      confirmLabel="Delete project"
      pending={remove.isPending}
      onConfirm={() => {
        if (project) remove.mutate(project, { onSettled: onClose });
      }}
    />
  );
}
