import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * package.json declares only `*.css` as having side effects (right for the published dist), so a
 * production build drops bare imports of TypeScript modules that exist only for their side
 * effects: the library's stylesheet loader and the playground's zod `jitless` setup. Without
 * this the built playground has no library CSS and probes `new Function` under a strict CSP.
 */
const sideEffectModules = [fileURLToPath(new URL('../src/styles/index.ts', import.meta.url)), fileURLToPath(new URL('./src/csp.ts', import.meta.url))];
function keepSideEffects(): Plugin {
  return {
    name: 'playground:keep-side-effects',
    transform(code, id) {
      if (sideEffectModules.includes(id.split('?')[0]!)) return { code, map: null, moduleSideEffects: true };
      return null;
    },
  };
}

/** The playground: the library embedded in pages the way hosts embed it. */
export default defineConfig({
  root: here,
  plugins: [react(), keepSideEffects()],
  // Pages import the library by its package name, from source, as a host would import it.
  resolve: {
    alias: {
      'acp-react/devtools': fileURLToPath(new URL('../src/core/devtools/index.ts', import.meta.url)),
      'acp-react/changes': fileURLToPath(new URL('../src/core/changes/index.ts', import.meta.url)),
      'acp-react': fileURLToPath(new URL('../src/index.ts', import.meta.url)),
    },
  },
  envPrefix: 'VITE_',
  build: {
    outDir: fileURLToPath(new URL('../playground-dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      input: {
        index: `${here}index.html`,
        notebook: `${here}notebook.html`,
        hostile: `${here}hostile.html`,
      },
    },
  },
  test: undefined,
});
