import { lazyModule } from './shared/lazy-module.js';

/** The session controls chunk (`session-controls.ts`), shared by the settings and the usage meter. */
export const sessionControlsModule = /* @__PURE__ */ lazyModule(() => import('./session-controls.js'));
