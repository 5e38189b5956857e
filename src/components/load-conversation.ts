import { lazyModule } from './shared/lazy-module.js';

/**
 * The conversation chunk (`conversation.ts`): `<Thread>`, `<Markdown>`'s renderer and the
 * permission prompts all load through this one module, so whichever renders first fetches it and
 * the others then render at once.
 */
export const conversationModule = /* @__PURE__ */ lazyModule(() => import('./conversation.js'));
