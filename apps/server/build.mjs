// Bundles the server and our workspace packages into dist/main.js for `npm run serve`. Running the
// TypeScript through tsx in production kept a loader thread and its transform caches resident,
// about 100 MB of the server's memory (issue 6). Third-party packages stay external in node_modules.
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** Bundled modules that locate files next to themselves (migrations, the web build) keep their own URL. */
const ownModuleUrl = {
  name: 'own-module-url',
  setup(context) {
    context.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      return {
        contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)),
        loader: 'ts',
      };
    });
  },
};

const thirdPartyExternal = {
  name: 'third-party-external',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path.startsWith('@atrium/') ? undefined : { external: true },
    );
  },
};

await build({
  entryPoints: [new URL('src/main.ts', import.meta.url).pathname],
  outfile: new URL('dist/main.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [ownModuleUrl, thirdPartyExternal],
});
