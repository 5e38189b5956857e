import { budgetMessages } from './budget-messages.js';
import { useMessages } from './index.js';

/**
 * In place of raw JSON still being written (see `use-display-json.ts`): the same element and
 * class as the text it stands for, so the same box. Only a value that takes more than a slice to
 * write stands here, and its text fills the box to its `max-height`: the placeholder asks for
 * more than that, and gets the same height.
 */
export function JsonWriting({ className, size }: { className?: string; size?: string }) {
  const messages = useMessages('budget', budgetMessages);
  return (
    <pre className={className} data-slot="json-writing" data-size={size} aria-busy="true" style={{ blockSize: '100vh' }}>
      {messages.json_writing}
    </pre>
  );
}
