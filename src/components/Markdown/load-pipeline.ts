import { lazyModule } from '../shared/lazy-module.js';

/** The markdown renderer, fetched on the first `<Markdown>` mount (see `markdown-pipeline.ts`). */
export const markdownPipeline = lazyModule(() => import('./markdown-pipeline.js'));
