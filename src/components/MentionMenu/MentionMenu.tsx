/**
 * The `@` menu is fetched on demand: only hosts that give a mention source use it, and
 * PromptInput starts the fetch when its field is focused (`prefetchMentionMenu`). Until it has
 * loaded, the live region says the menu is loading; typing is never held up.
 */
import { lazyModule, useLazyModule } from '../shared/index.js';
import type { MentionMenuProps } from './MentionMenuLoaded.js';

const mentionMenuModule = /* @__PURE__ */ lazyModule(() => import('./MentionMenuLoaded.js').then((m) => m.MentionMenuLoaded));

export function prefetchMentionMenu(): void {
  mentionMenuModule.load().catch(() => {
    // Shown when the menu opens: the status line offers no menu, typing goes on.
  });
}

export function MentionMenu(props: MentionMenuProps) {
  const state = useLazyModule(mentionMenuModule, true);
  const Loaded = state.module;
  return Loaded ? <Loaded {...props} /> : null;
}

export type { MentionMenuProps };
