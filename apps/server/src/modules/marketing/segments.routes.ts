import {
  createSegmentSchema,
  leadSearchQuerySchema,
  segmentLeadsQuerySchema,
  segmentPreviewInputSchema,
  updateSegmentSchema,
} from '@atrium/shared';
import { Hono } from 'hono';
import { permit, type MemberEnv } from '../../platform/auth/member-context';
import { idParam, readBody, readQuery } from '../../platform/http/request-input';
import type { SegmentsService } from './segments.service';

/** Lead segments (issue 23): marketing:view reads and previews them, marketing:manage changes them. */
export function segmentsRoutes(service: SegmentsService) {
  return new Hono<MemberEnv>()
    .get('/segments', permit('marketing:view'), async (c) => c.json(await service.list(c.get('member'))))
    .post('/segments', permit('marketing:manage'), async (c) =>
      c.json(await service.create(c.get('member'), await readBody(c, createSegmentSchema)), 201),
    )
    .post('/segments/preview', permit('marketing:view'), async (c) => {
      const { rules } = await readBody(c, segmentPreviewInputSchema);
      return c.json(await service.preview(c.get('member'), rules));
    })
    .get('/segments/:id', permit('marketing:view'), async (c) =>
      c.json(await service.get(c.get('member'), idParam(c))),
    )
    .get('/segments/:id/leads', permit('marketing:view'), async (c) => {
      const id = idParam(c);
      return c.json(await service.leads(c.get('member'), id, readQuery(c, segmentLeadsQuerySchema)));
    })
    .patch('/segments/:id', permit('marketing:manage'), async (c) => {
      const id = idParam(c);
      return c.json(await service.update(c.get('member'), id, await readBody(c, updateSegmentSchema)));
    })
    .get('/leads', permit('marketing:view'), async (c) =>
      c.json(await service.searchLeads(c.get('member'), readQuery(c, leadSearchQuerySchema))),
    )
    .delete('/segments/:id', permit('marketing:manage'), async (c) => {
      await service.delete(c.get('member'), idParam(c));
      return c.body(null, 204);
    });
}
