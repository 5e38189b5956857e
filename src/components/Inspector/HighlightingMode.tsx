import { highlightFallbackReason, type HighlightFallbackReason } from '../../highlight/index.js';
import { useMessages } from '../shared/index.js';
import { useHighlightMode } from '../shared/use-highlight-mode.js';
import { inspectorHighlightingMessages } from './highlighting-messages.js';

const fallbackMessage: Record<HighlightFallbackReason, keyof typeof inspectorHighlightingMessages> = {
  unsupported: 'main_thread_unsupported',
  refused: 'main_thread_refused',
  failed: 'main_thread_failed',
};

/**
 * Where this page highlights code (see `highlight/mode.ts`): in its worker, or on the main thread
 * and why. A runtime fact a developer checks when the panel stutters, or under a strict CSP.
 */
export function HighlightingMode() {
  const messages = useMessages('inspectorHighlighting', inspectorHighlightingMessages);
  const mode = useHighlightMode();
  const reason = mode === 'main-thread' ? highlightFallbackReason() : null;
  const text =
    mode === 'worker'
      ? messages.worker
      : mode === 'starting'
        ? messages.starting
        : mode === 'idle'
          ? messages.idle
          : messages[fallbackMessage[reason ?? 'failed']];
  return (
    <p className="acp-inspector__highlighting" data-slot="inspector-highlighting" data-mode={mode}>
      {text}
    </p>
  );
}
