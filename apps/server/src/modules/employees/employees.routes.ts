import {
  createEmployeeSchema,
  employeeExportQuerySchema,
  employeeListQuerySchema,
  employeeStatsQuerySchema,
  updateEmployeeSchema,
} from '@atrium/shared';
import { memberRouter, permit } from '../../platform/auth/member-context';
import { streamFile } from '../../platform/exports/exports.routes';
import { idParam, readBody, readQuery } from '../../platform/http/request-input';
import type { Platform } from '../../platform/platform';
import type { EmployeesService } from './employees.service';

/**
 * Employee Directory (spec 2; issue 4): list with search, filters and keyset pages; stats;
 * departments; details; add, edit, delete (soft) and restore; CSV/XLSX export.
 */
export function employeesRoutes(service: EmployeesService, platform: Platform) {
  return (
    memberRouter(platform.auth, platform.database.db)
      .get('/', permit('people:view'), async (c) =>
        c.json(await service.list(c.get('member'), readQuery(c, employeeListQuerySchema))),
      )
      .get('/stats', permit('people:view'), async (c) =>
        c.json(await service.stats(c.get('member'), readQuery(c, employeeStatsQuerySchema))),
      )
      .get('/departments', permit('people:view'), async (c) =>
        c.json({ data: await service.departments(c.get('member')) }),
      )
      .get('/export', permit('people:export'), async (c) =>
        streamFile(c, service.export(c.get('member'), readQuery(c, employeeExportQuerySchema))),
      )
      .post('/', permit('people:manage'), async (c) =>
        c.json(await service.create(c.get('member'), await readBody(c, createEmployeeSchema)), 201),
      )
      // Static paths above; /:id would otherwise take "stats", "departments" and "export".
      .get('/:id', permit('people:view'), async (c) => c.json(await service.get(c.get('member'), idParam(c))))
      .patch('/:id', permit('people:manage'), async (c) => {
        const id = idParam(c);
        return c.json(await service.update(c.get('member'), id, await readBody(c, updateEmployeeSchema)));
      })
      .delete('/:id', permit('people:manage'), async (c) => {
        await service.remove(c.get('member'), idParam(c));
        return c.body(null, 204);
      })
      .post('/:id/restore', permit('people:manage'), async (c) =>
        c.json(await service.restore(c.get('member'), idParam(c))),
      )
  );
}
