import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { can } from '@atrium/shared';
import { resolveMember } from '../../platform/auth/member-context';
import { errorResponse } from '../../platform/errors/error-handler';
import type { AppEnv } from '../../platform/http/app-env';
import { setCookies } from '../../platform/http/request-input';
import type { Platform } from '../../platform/platform';
import type { KnowledgeService } from './knowledge.service';

/** Where an article's images are served (articleImageUrl in knowledge-rules.ts), outside /api. */
export const articleImagePath = '/help/:workspace/images/:fileId';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const noImage = (c: Context<AppEnv>) =>
  errorResponse(c, { status: 404, code: 'not_found', message: 'Image not found' });

/**
 * Article images (issue 22) at one address for the agents' editor, the portal and the public help
 * centre: anyone gets an image a published public article shows; the workspace's agents (a session
 * allowed helpdesk:view there) get any of its articles' images; everyone else a 404, as for a file
 * that is not there. Mounted before the web app's fallback.
 */
export function knowledgeImageRoutes(service: KnowledgeService, platform: Platform) {
  const { auth, database } = platform;
  return new Hono<AppEnv>().get(articleImagePath, async (c) => {
    const fileId = c.req.param('fileId');
    if (!uuidPattern.test(fileId)) return noImage(c);
    const agentOf = async (tenantId: string) => {
      const resolved = await resolveMember(auth, database.db, c.req.raw.headers).catch(() => null);
      if (!resolved) return false;
      setCookies(c, resolved.setCookies);
      return resolved.member.workspaces.some(
        (workspace) => workspace.workspaceId === tenantId && can(workspace.role, 'helpdesk:view'),
      );
    };
    const image = await service.articleImage(c.req.param('workspace'), fileId, agentOf);
    if (!image) return noImage(c);
    return c.body(Readable.toWeb(image.stream) as ReadableStream<Uint8Array>, 200, {
      'Content-Type': image.contentType,
      'Content-Length': String(image.sizeBytes),
      'X-Content-Type-Options': 'nosniff',
      // A file id is never reused for other bytes. An image only agents may see stays in their browser.
      'Cache-Control': `${image.isPublic ? 'public' : 'private'}, max-age=31536000, immutable`,
    });
  });
}
