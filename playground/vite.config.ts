import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

/** The playground: the library embedded in pages the way hosts embed it. */
export default defineConfig({
  root: here,
  plugins: [react()],
  // Pages import the library by its package name, from source, as a host would import it.
  resolve: { alias: { 'acp-react': fileURLToPath(new URL('../src/index.ts', import.meta.url)) } },
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
