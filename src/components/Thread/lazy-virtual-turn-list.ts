import { lazyModule } from '../shared/index.js';

/**
 * The virtualizer (@tanstack/react-virtual, ~10 kB gzip) behind a dynamic import: only threads
 * above `virtualizeAbove` items use it, so it stays out of the components' initial chunk.
 */
export const virtualTurnListModule = /* @__PURE__ */ lazyModule(() => import('./VirtualTurnList.js'));
