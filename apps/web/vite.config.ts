import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';

const landingPlaceholder = '<!--landing-shell-->';

/**
 * Renders the landing page into landing.html after the client build, so that / paints its content
 * before any script runs and React only hydrates it (the first-visit budget of bench/budgets.json).
 * A plugin rather than a build script, so that every `vite build` prerenders: `npm run build` as well
 * as the end-to-end and benchmark builds, which call Vite directly.
 */
function prerenderLanding(): Plugin {
  return {
    name: 'atrium:prerender-landing',
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
        const { renderLandingShell } = (await server.ssrLoadModule(
          '/src/landing-prerender.tsx',
        )) as typeof import('./src/landing-prerender');
        const landingHtml = resolve(dir ?? root, 'landing.html');
        const page = await readFile(landingHtml, 'utf8');
        if (!page.includes(landingPlaceholder)) throw new Error(`landing.html has no ${landingPlaceholder}`);
        await writeFile(
          landingHtml,
          page.replace(landingPlaceholder, () => renderLandingShell()),
        );
      } finally {
        await server.close();
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), prerenderLanding()],
  build: {
    rolldownOptions: {
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
        landing: resolve(import.meta.dirname, 'landing.html'),
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
