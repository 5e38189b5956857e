/**
 * The `@` machinery is fetched on demand, in one chunk: the menu, the search hook, the field's chip
 * editing, the chips and the notes. Only hosts that give a mention source fetch it, when such a
 * PromptInput mounts (or when a thread shows a mention). Until it has arrived the field shows the
 * mentions as `@label` text and keeps them through edits, and typing is never held up.
 */
import { forwardRef, type ComponentType, type RefAttributes } from 'react';
import { lazyModule, useLazyModule } from '../shared/index.js';
import type { MentionMenuProps } from './MentionMenuLoaded.js';

type MentionModule = typeof import('./MentionMenuLoaded.js');

const mentionModule = /* @__PURE__ */ lazyModule(() => import('./MentionMenuLoaded.js'));

/**
 * One part of the chunk, rendered once it is there (nothing until then); `needed` starts the fetch.
 * The host's ref reaches the part's root once it renders.
 */
function part<P extends object, E = unknown>(pick: (m: MentionModule) => ComponentType<P & RefAttributes<E>>, needed: (props: P) => boolean = () => true) {
  return forwardRef<E, P>(function OnDemand(rest, ref) {
    // forwardRef types the props without `ref`; they are the part's props all the same.
    const props = rest as P;
    const loaded = useLazyModule(mentionModule, needed(props)).module;
    const Part = loaded && pick(loaded);
    return Part ? <Part {...props} ref={ref} /> : null;
  });
}

/** The `@` list on its own (PromptInput uses it through `MentionControls`). */
export const MentionMenu = /* @__PURE__ */ part((m) => m.MentionMenuLoaded);
export const MentionControlsOnDemand = /* @__PURE__ */ part((m) => m.MentionControls);
export const MentionOverlayOnDemand = /* @__PURE__ */ part((m) => m.MentionOverlay);
/**
 * A mention as a chip (see MentionChip.tsx), with the rest of the chunk: a thread shows the
 * mention's `@label` in the message text meanwhile.
 */
export const MentionChip = /* @__PURE__ */ part((m) => m.MentionChip);
/** The notes about mentions sent as links (see MentionNotes). */
export const MentionNotesOnDemand = /* @__PURE__ */ part((m) => m.MentionNotes);

export type { MentionMenuProps };
