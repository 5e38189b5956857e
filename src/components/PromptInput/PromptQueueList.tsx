/**
 * The queue list (edit, remove, send now) is fetched on demand: prompts are only queued while a
 * turn runs, and PromptInput starts the fetch when the user writes during a turn
 * (`prefetchPromptQueue`), or it starts here when a prompt is queued. Until the list has loaded,
 * the waiting prompts are shown as text in the same place.
 */
import { format, lazyModule, useLazyModule } from '../shared/index.js';
import { OnDemandStatus } from '../shared/OnDemandStatus.js';
import type { PromptQueueListProps } from './PromptQueueListLoaded.js';

const promptQueueListModule = /* @__PURE__ */ lazyModule(() => import('./PromptQueueListLoaded.js').then((m) => m.PromptQueueListLoaded));

export function prefetchPromptQueue(): void {
  promptQueueListModule.load().catch(() => {
    // The list shows the failure, with Retry, if a prompt is ever queued.
  });
}

export function PromptQueueList(props: PromptQueueListProps) {
  const { queue, messages } = props;
  const state = useLazyModule(promptQueueListModule, queue.items.length > 0);
  const Loaded = state.module;
  if (Loaded) return <Loaded {...props} />;
  if (queue.items.length === 0) return null;
  return (
    <section
      className="acp-prompt-input__queue"
      data-slot="prompt-queue"
      aria-busy={!state.error}
      aria-label={format(messages.queue_count, { count: queue.items.length })}
    >
      <ol className="acp-prompt-input__queue-list">
        {queue.items.map((item) => (
          <li key={item.id} className="acp-prompt-input__queue-item" data-slot="prompt-queue-item">
            <div className="acp-prompt-input__queue-text">{item.text.trim() ? item.text : messages.queue_empty_text}</div>
          </li>
        ))}
      </ol>
      <OnDemandStatus state={state} />
    </section>
  );
}
