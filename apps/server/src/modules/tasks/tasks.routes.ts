import {
  bulkTaskSchema,
  createCommentSchema,
  createSubtaskSchema,
  createTaskSchema,
  moveTaskSchema,
  taskBoardQuerySchema,
  taskListQuerySchema,
  updateSubtaskSchema,
  updateTaskSchema,
} from '@atrium/shared';
import { memberRouter, permit } from '../../platform/auth/member-context';
import { idParam, readBody, readQuery } from '../../platform/http/request-input';
import type { Platform } from '../../platform/platform';
import type { TasksService } from './tasks.service';

/**
 * Project Management > Tasks & Workflows and Kanban (spec 2): the task list (search, filters,
 * sorts, keyset pages), the board, task details, create, edit, move, bulk actions, delete,
 * comments and subtasks. Contractors reach only the tasks of their projects; others are 404.
 */
export function tasksRoutes(service: TasksService, platform: Platform) {
  return (
    memberRouter(platform.auth, platform.database.db)
      .get('/', permit('projects:view'), async (c) =>
        c.json(await service.list(c.get('member'), readQuery(c, taskListQuerySchema))),
      )
      .get('/board', permit('projects:view'), async (c) =>
        c.json(await service.board(c.get('member'), readQuery(c, taskBoardQuerySchema))),
      )
      .post('/', permit('tasks:work'), async (c) =>
        c.json(await service.create(c.get('member'), await readBody(c, createTaskSchema)), 201),
      )
      .post('/bulk', permit('tasks:work'), async (c) =>
        c.json(await service.bulk(c.get('member'), await readBody(c, bulkTaskSchema))),
      )
      // Static paths above; /:id would otherwise take "board" and "bulk".
      .get('/:id', permit('projects:view'), async (c) =>
        c.json(await service.get(c.get('member'), idParam(c))),
      )
      .patch('/:id', permit('tasks:work'), async (c) => {
        const id = idParam(c);
        return c.json(await service.update(c.get('member'), id, await readBody(c, updateTaskSchema)));
      })
      .delete('/:id', permit('tasks:work'), async (c) => {
        await service.remove(c.get('member'), idParam(c));
        return c.body(null, 204);
      })
      .post('/:id/move', permit('tasks:work'), async (c) => {
        const id = idParam(c);
        return c.json(await service.move(c.get('member'), id, await readBody(c, moveTaskSchema)));
      })
      .get('/:id/comments', permit('projects:view'), async (c) =>
        c.json(await service.comments(c.get('member'), idParam(c))),
      )
      .post('/:id/comments', permit('tasks:work'), async (c) => {
        const id = idParam(c);
        return c.json(
          await service.addComment(c.get('member'), id, await readBody(c, createCommentSchema)),
          201,
        );
      })
      .post('/:id/subtasks', permit('tasks:work'), async (c) => {
        const id = idParam(c);
        return c.json(
          await service.addSubtask(c.get('member'), id, await readBody(c, createSubtaskSchema)),
          201,
        );
      })
      .patch('/:id/subtasks/:subtaskId', permit('tasks:work'), async (c) => {
        const [taskId, subtaskId] = [idParam(c), idParam(c, 'subtaskId')];
        const input = await readBody(c, updateSubtaskSchema);
        return c.json(await service.updateSubtask(c.get('member'), { taskId, subtaskId, input }));
      })
      .delete('/:id/subtasks/:subtaskId', permit('tasks:work'), async (c) => {
        await service.removeSubtask(c.get('member'), idParam(c), idParam(c, 'subtaskId'));
        return c.body(null, 204);
      })
  );
}
