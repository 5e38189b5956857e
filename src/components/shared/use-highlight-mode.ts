import { useSyncExternalStore } from 'react';
import { highlightMode, subscribeHighlightMode, type HighlightMode } from '../../highlight/index.js';

/** Server rendering: nothing is highlighted there. */
const serverMode = (): HighlightMode => 'idle';

/** Where this page highlights code (see `highlight/mode.ts`), re-rendering when it changes. */
export function useHighlightMode(): HighlightMode {
  return useSyncExternalStore(subscribeHighlightMode, highlightMode, serverMode);
}
