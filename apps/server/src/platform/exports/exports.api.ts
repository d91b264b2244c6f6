import { exportJobSchema } from '@atrium/shared';
import type { ApiSection } from '../openapi/api-operation';

export const exportsApi: ApiSection = {
  tag: 'Exports',
  description:
    'Big exports are made in the background: the export route answers 202 with one of these; poll it until it is ready, then download the file. Each answers only the member who started it.',
  operations: [
    {
      method: 'get',
      path: '/exports/:id',
      summary: 'The state of a background export',
      access: 'member',
      responses: { 200: exportJobSchema },
    },
    {
      method: 'get',
      path: '/exports/:id/download',
      summary: "A finished export's file",
      description: 'Not found (404) until the export is ready.',
      access: 'member',
      responses: {
        200: {
          description: 'The file, in the format the export was asked in',
          mediaTypes: ['application/octet-stream'],
        },
      },
    },
  ],
};
