/**
 * The `@` menu is fetched on demand: only hosts that give a mention source use it, and
 * PromptInput starts the fetch when its field is focused (`prefetchMentionMenu`). Until it has
 * loaded, the live region says the menu is loading; typing is never held up.
 */
import { lazyModule, useLazyModule } from '../shared/index.js';
import type { MentionMenuProps } from './MentionMenuLoaded.js';
import type { MentionStatusProps } from './MentionStatus.js';

import type { MentionNote } from '../../core/mentions/blocks.js';

const mentionMenuModule = /* @__PURE__ */ lazyModule(() => import('./MentionMenuLoaded.js'));

export function prefetchMentionMenu(): void {
  mentionMenuModule.load().catch(() => {
    // Shown when the menu opens: the status line offers no menu, typing goes on.
  });
}

export function MentionMenu(props: MentionMenuProps) {
  const state = useLazyModule(mentionMenuModule, true);
  const Loaded = state.module?.MentionMenuLoaded;
  return Loaded ? <Loaded {...props} /> : null;
}

/**
 * The live region of the menu's state, always mounted so screen readers watch it before the first
 * count arrives. Its text comes with the chunk, fetched when the field gets focus (before the
 * menu can open).
 */
export function MentionStatusOnDemand(props: MentionStatusProps) {
  const Text = useLazyModule(mentionMenuModule, props.open).module?.MentionStatusText;
  return (
    <div role="status" className="acp-visually-hidden" data-slot="mention-status">
      {Text && <Text {...props} />}
    </div>
  );
}

/** The notes about mentions sent as links (see MentionNotes), once the chunk is there. */
export function MentionNotesOnDemand({ notes, onDismiss }: { notes: readonly MentionNote[]; onDismiss: () => void }) {
  const state = useLazyModule(mentionMenuModule, notes.length > 0);
  const Notes = state.module?.MentionNotes;
  return Notes && notes.length > 0 ? <Notes notes={notes} onDismiss={onDismiss} /> : null;
}

export type { MentionMenuProps };
