import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { Hono, type Handler } from 'hono';
import type { AppEnv } from '../http/app-env';
import type { ApiSection } from './api-operation';
import { openApiDocument, type OpenApiDocument } from './openapi-document';

/** Swagger UI's prebuilt files, served from here: the page needs no CDN (ADR 022). */
const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const swaggerUiFiles: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

// The Content-Security-Policy allows no inline script, so the start-up code is a file too.
// validatorUrl: null keeps the page from sending the document to swagger.io for a badge.
const startScript = `window.addEventListener('load', () => {
  window.ui = SwaggerUIBundle({
    url: '/api/v1/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    withCredentials: true,
    tryItOutEnabled: false,
    persistAuthorization: false,
  });
});
`;

const page = (version: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Atrium API reference</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css?v=${version}" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js?v=${version}"></script>
    <script src="/api/docs/start.js?v=${version}"></script>
  </body>
</html>
`;

/** GET /api/docs: the API reference, read from /api/v1/openapi.json. */
export function apiDocsRoutes(version: string) {
  // The files' URLs change with each release, so browsers may keep them.
  const cached = { 'Cache-Control': 'public, max-age=86400' };
  const release = encodeURIComponent(version);
  return new Hono<AppEnv>()
    .get('/', (c) => c.html(page(release), 200, { 'Cache-Control': 'no-cache' }))
    .get('/start.js', (c) =>
      c.body(startScript, 200, { 'Content-Type': 'text/javascript; charset=utf-8', ...cached }),
    )
    .get('/:file{swagger-ui\\.css|swagger-ui-bundle\\.js}', (c) => {
      const file = c.req.param('file');
      const stream = createReadStream(join(swaggerUiDir, file));
      return c.body(Readable.toWeb(stream) as ReadableStream<Uint8Array>, 200, {
        'Content-Type': swaggerUiFiles[file]!,
        ...cached,
      });
    });
}

/** GET /api/v1/openapi.json, made on first request: the schemas do not change while the process runs. */
export function serveOpenApiDocument(sections: readonly ApiSection[], version: string): Handler<AppEnv> {
  let document: OpenApiDocument | undefined;
  return (c) => {
    document ??= openApiDocument(sections, version);
    return c.json(document, 200, { 'Cache-Control': 'no-cache' });
  };
}
