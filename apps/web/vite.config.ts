import { readFile, writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';

const prerenderPlaceholder = '<!--prerender-->';

/** The pages besides index.html, each its own entry. */
const entryPages = ['landing.html', 'login.html', 'signup.html'];

/** The pages whose #root src/prerender.tsx renders at build time. */
const prerenderedHtml = ['index.html', ...entryPages];

/**
 * Renders the prerendered pages into their HTML files after the client build, so that /, /login and
 * /signup paint their content before any script runs and React only hydrates it (ADR 008, ADR 011),
 * and the app's pages paint its frame (ADR 013).
 * A plugin rather than a build script, so that every `vite build` prerenders: `npm run build` as well
 * as the end-to-end and benchmark builds, which call Vite directly.
 */
function prerenderPages(): Plugin {
  return {
    name: 'atrium:prerender-pages',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    async writeBundle({ dir }) {
      const { root, configFile, mode } = this.environment.config;
      const server = await createServer({
        root,
        configFile,
        mode,
        logLevel: 'warn',
        appType: 'custom',
        optimizeDeps: { noDiscovery: true },
        server: { middlewareMode: true, hmr: false, watch: null },
      });
      try {
        const { prerenderedPages } = (await server.ssrLoadModule(
          '/src/prerender.tsx',
        )) as typeof import('./src/prerender');
        for (const file of prerenderedHtml) {
          const render = prerenderedPages[file];
          if (!render) throw new Error(`src/prerender.tsx does not render ${file}`);
          const path = resolve(dir ?? root, file);
          const page = await readFile(path, 'utf8');
          if (!page.includes(prerenderPlaceholder)) throw new Error(`${file} has no ${prerenderPlaceholder}`);
          await writeFile(
            path,
            page.replace(prerenderPlaceholder, () => render()),
          );
        }
      } finally {
        await server.close();
      }
    },
  };
}

/**
 * Puts each page's stylesheet ahead of its scripts. Vite writes it after the entry script and its
 * module preloads, so a browser on HTTP/1.1 queued the one file that blocks the first paint behind
 * a dozen scripts the prerendered page does not need to paint.
 */
function stylesheetsFirst(): Plugin {
  return {
    name: 'atrium:stylesheets-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const stylesheets = html.match(/<link rel="stylesheet"[^>]*>\n?\s*/g) ?? [];
        const withoutThem = stylesheets.reduce((page, link) => page.replace(link, ''), html);
        const firstScript = withoutThem.search(/<script type="module"|<link rel="modulepreload"/);
        if (stylesheets.length === 0 || firstScript < 0) return html;
        const links = stylesheets.map((link) => `${link.trim()}\n    `).join('');
        return withoutThem.slice(0, firstScript) + links + withoutThem.slice(firstScript);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), stylesheetsFirst(), prerenderPages()],
  build: {
    rolldownOptions: {
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
        ...Object.fromEntries(
          entryPages.map((file) => [basename(file, '.html'), resolve(import.meta.dirname, file)]),
        ),
      },
    },
  },
  server: {
    // In production the server serves the SPA and /api on one origin; the dev server mirrors that.
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
