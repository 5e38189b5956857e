/**
 * The budget notes (`BudgetNote.tsx`) and the fallback of a part that failed (`PartErrorLoaded.tsx`),
 * for parts in the initial bundle: fetched the first time a part is over its budget, shows raw
 * JSON or fails, which most pages never do. Until then their place shows the usual on-demand
 * status line (a failed part also says so at once). They come with the conversation chunk, where
 * the parts that show them live (see `conversation.ts`).
 */
import { conversationModule } from '../load-conversation.js';
import { useMessages } from '../../i18n/index.js';
import { onDemandComponent } from './on-demand-component.js';
import { OnDemandStatus, type OnDemandState } from './OnDemandStatus.js';
import type { CutNoteProps, JsonNotesProps } from './BudgetNote.js';
import type { PartErrorProps } from './PartErrorLoaded.js';
import { partErrorMessages } from './part-error-messages.js';

// What the conversation chunk provides here (typed from the notes' own modules: a type import of
// the chunk would tie this leaf to the whole conversation).
type Notes = Pick<typeof import('./BudgetNote.js'), 'CutNoteLoaded' | 'JsonNotesLoaded'> & Pick<typeof import('./PartErrorLoaded.js'), 'PartErrorLoaded'>;

function NoteFallback({ state }: { state: OnDemandState }) {
  return (
    <div className="acp-budget-note" data-slot="budget-note" aria-busy={!state.error}>
      <OnDemandStatus state={state} />
    </div>
  );
}

function PartErrorFallback({ state }: { state: OnDemandState }) {
  const messages = useMessages('partError', partErrorMessages);
  return (
    <div className="acp-part-error" data-slot="part-error" role="group" aria-label={messages.title} aria-busy={!state.error}>
      <p className="acp-part-error__title">{messages.title}</p>
      <OnDemandStatus state={state} />
    </div>
  );
}

export const CutNote = onDemandComponent<Notes, CutNoteProps>('CutNote', conversationModule, (m) => m.CutNoteLoaded, NoteFallback);
export const JsonNotes = onDemandComponent<Notes, JsonNotesProps>('JsonNotes', conversationModule, (m) => m.JsonNotesLoaded, NoteFallback);
export const PartError = onDemandComponent<Notes, PartErrorProps>('PartError', conversationModule, (m) => m.PartErrorLoaded, PartErrorFallback);
