import {
  createProjectSchema,
  projectListQuerySchema,
  projectStatsQuerySchema,
  projectStatusChangeSchema,
  updateProjectSchema,
} from '@atrium/shared';
import { memberRouter, permit } from '../../platform/auth/member-context';
import { idParam, readBody, readQuery } from '../../platform/http/request-input';
import type { Platform } from '../../platform/platform';
import type { ProjectsService } from './projects.service';

/**
 * Project Management > Projects (spec 2): cards with filters and keyset pages, the five stats
 * cards, the Manager filter, details, New Project, edit, status select and delete. Contractors
 * see only their projects; anything else is a 404 for them.
 */
export function projectsRoutes(service: ProjectsService, platform: Platform) {
  return (
    memberRouter(platform.auth, platform.database.db)
      .get('/', permit('projects:view'), async (c) =>
        c.json(await service.list(c.get('member'), readQuery(c, projectListQuerySchema))),
      )
      .get('/stats', permit('projects:view'), async (c) =>
        c.json(await service.stats(c.get('member'), readQuery(c, projectStatsQuerySchema))),
      )
      .get('/managers', permit('projects:view'), async (c) => c.json(await service.managers(c.get('member'))))
      .post('/', permit('projects:manage'), async (c) =>
        c.json(await service.create(c.get('member'), await readBody(c, createProjectSchema)), 201),
      )
      // Static paths above; /:id would otherwise take "stats" and "managers".
      .get('/:id', permit('projects:view'), async (c) =>
        c.json(await service.get(c.get('member'), idParam(c))),
      )
      .patch('/:id', permit('projects:manage'), async (c) => {
        const id = idParam(c);
        return c.json(await service.update(c.get('member'), id, await readBody(c, updateProjectSchema)));
      })
      .post('/:id/status', permit('projects:manage'), async (c) => {
        const id = idParam(c);
        return c.json(
          await service.changeStatus(c.get('member'), id, await readBody(c, projectStatusChangeSchema)),
        );
      })
      .delete('/:id', permit('projects:manage'), async (c) => {
        await service.remove(c.get('member'), idParam(c));
        return c.body(null, 204);
      })
  );
}
