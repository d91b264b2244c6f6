import {
  projectReportExportQuerySchema,
  projectReportQuerySchema,
  projectReportSchema,
} from '@atrium/shared';
import { csvFile, type ApiSection } from '../../platform/openapi/api-operation';

export const reportsApi: ApiSection = {
  tag: 'Reports',
  description: 'Project reports and their CSV export.',
  operations: [
    {
      method: 'get',
      path: '/reports/projects',
      summary: 'The project report',
      description:
        "A section the report type does not include is null; so is all but the paged section's page.",
      access: 'reports:view',
      query: projectReportQuerySchema,
      responses: { 200: projectReportSchema },
      errors: [404],
    },
    {
      method: 'get',
      path: '/reports/projects/export',
      summary: 'Export the project report as CSV',
      access: 'reports:view',
      query: projectReportExportQuerySchema,
      responses: { 200: csvFile },
      errors: [404],
    },
  ],
};
