import { projectReportExportQuerySchema, projectReportQuerySchema } from '@atrium/shared';
import { memberRouter, permit } from '../../platform/auth/member-context';
import { readQuery } from '../../platform/http/request-input';
import type { Platform } from '../../platform/platform';
import type { ReportsService } from './reports.service';

/** Projects > Reports (spec 2 "Reports"): the report and its CSV export, for reports:view. */
export function reportsRoutes(service: ReportsService, platform: Platform) {
  return memberRouter(platform.auth, platform.database.db)
    .get('/projects', permit('reports:view'), async (c) =>
      c.json(await service.report(c.get('member'), readQuery(c, projectReportQuerySchema))),
    )
    .get('/projects/export', permit('reports:view'), async (c) => {
      const { fileName, csv } = await service.exportCsv(
        c.get('member'),
        readQuery(c, projectReportExportQuerySchema),
      );
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="${fileName}"`);
      c.header('Cache-Control', 'no-store');
      return c.body(csv);
    });
}
