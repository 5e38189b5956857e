/**
 * The highlighting worker's entry: one per page, started by `worker-client.ts` with
 * `new Worker(new URL('./worker.js', import.meta.url), { type: 'module' })`, the form every
 * bundler recognises (Vite, webpack 5, Next, esbuild plugins) and emits as a file of its own.
 *
 * It takes shiki's grammars from the page and compiles their patterns here, off the main thread
 * (see `worker-host.ts`). The page loads each grammar module (a literal `import()` per language,
 * which every bundler splits into its own chunk): a dynamic import inside a worker is inlined by
 * bundlers that build workers as one classic script (Vite's default), which would put every
 * grammar in this file. Precompiled grammars could not be sent instead: their emulated `RegExp`s
 * lose what they are in a structured clone.
 */
import { serveHighlighting, type WorkerScope } from './worker-host.js';

serveHighlighting(globalThis as unknown as WorkerScope);
