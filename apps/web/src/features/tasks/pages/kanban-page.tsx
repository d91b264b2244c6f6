import type { TaskStatus } from '@atrium/shared';
import { FolderKanban } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { ApiError } from '../../../lib/api-client';
import { hasPermission, useMe } from '../../accounts';
import { useWorkspaceTimeZone } from '../../workspace';
import { useBoard, type BoardFilters } from '../api/board.queries';
import { KanbanBoard } from '../components/kanban-board';
import { KanbanFilters } from '../components/kanban-filters';
import { KanbanSkeleton } from '../components/kanban-skeleton';
import { TaskDetailDialog } from '../components/task-detail-dialog';
import { TaskFormDialog } from '../components/task-form-dialog';
import { useKanbanParams } from '../hooks/use-kanban-params';

/**
 * /projects/kanban (spec 2 "Kanban"): one project's tasks in To Do, In Progress, Review and Done.
 * Cards move by drag and drop, by keyboard and by their Move menu; the project and filters are in
 * the address, and other members' changes arrive through the realtime stream.
 */
export function KanbanPage() {
  const me = useMe();
  const canWork = hasPermission(me, 'tasks:work');
  const timeZone = useWorkspaceTimeZone();
  const [params, changeParams] = useKanbanParams();
  const { projectId, assigneeId, priority } = params;
  const filters = useMemo<BoardFilters>(
    () => ({ projectId, assigneeId, priority }),
    [projectId, assigneeId, priority],
  );
  const board = useBoard(filters, timeZone);
  const [addingTo, setAddingTo] = useState<TaskStatus | null>(null);

  const openCard = useCallback((taskId: string) => changeParams({ taskId }), [changeParams]);
  const project = board.data?.project ?? null;
  const filtered = Boolean(assigneeId || priority);
  const empty = board.data?.columns.every((column) => column.count === 0) ?? false;

  const body = () => {
    if (board.isPending) return <KanbanSkeleton />;
    if (board.isError && !board.data) {
      const missingProject = board.error instanceof ApiError && board.error.status === 404 && projectId;
      return (
        <div className="space-y-3">
          <Alert title={missingProject ? 'This project is not available' : 'The board could not be loaded'}>
            {missingProject ? 'It may have been deleted, or you are not on its team.' : board.error.message}
          </Alert>
          {missingProject ? (
            <Button variant="secondary" onClick={() => changeParams({ projectId: undefined })}>
              Show the first project
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => void board.refetch()}>
              Try again
            </Button>
          )}
        </div>
      );
    }
    if (!board.data || !project) {
      return (
        <EmptyState
          icon={FolderKanban}
          title="No projects found"
          description="The board shows one project's tasks. Once there is a project you are on, its tasks appear here."
          action={
            hasPermission(me, 'projects:manage') ? (
              <Link to="/projects" className={buttonClasses()}>
                Go to Projects
              </Link>
            ) : undefined
          }
        />
      );
    }
    return (
      <div className="space-y-4">
        {board.isError ? (
          <Alert title="The board could not be refreshed">
            {board.error.message}{' '}
            <button type="button" className="font-semibold underline" onClick={() => void board.refetch()}>
              Try again
            </button>
          </Alert>
        ) : null}
        {empty && filtered ? (
          <Alert tone="info" title="No tasks found">
            No task of {project.name} matches these filters.{' '}
            <button
              type="button"
              className="font-semibold underline"
              onClick={() => changeParams({ assigneeId: undefined, priority: undefined })}
            >
              Clear filters
            </button>
          </Alert>
        ) : null}
        <KanbanBoard
          board={board.data}
          filters={filters}
          timeZone={timeZone}
          canWork={canWork}
          canAdd={canWork}
          busy={board.isPlaceholderData}
          onOpenCard={openCard}
          onAddTask={setAddingTo}
        />
      </div>
    );
  };

  return (
    <div className="mx-auto max-w-screen-2xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{`Kanban Board${project ? ` — ${project.name}` : ''} — ${me.workspace.name} — Atrium`}</title>
      <PageHeader
        title="Kanban Board"
        description={
          canWork ? (
            // A touch screen has no Alt key: it is told what its finger can do.
            <>
              <span className="pointer-coarse:hidden">
                Drag cards between columns, or focus a card and press Alt with an arrow key to move it.
              </span>
              <span className="hidden pointer-coarse:inline">
                Touch and hold a card to drag it to another column, or tap its Move button.
              </span>
            </>
          ) : (
            'Each column is a status: To Do, In Progress, Review and Done.'
          )
        }
      />
      {board.isPending || board.data?.project ? (
        <KanbanFilters params={params} board={board.data} onChange={changeParams} />
      ) : null}
      {body()}
      <TaskDetailDialog
        taskId={params.taskId ?? null}
        open={Boolean(params.taskId)}
        onClose={() => changeParams({ taskId: undefined })}
      />
      {addingTo && project ? (
        <TaskFormDialog
          open
          onClose={() => setAddingTo(null)}
          defaults={{ projectId: project.id, status: addingTo }}
        />
      ) : null}
    </div>
  );
}
