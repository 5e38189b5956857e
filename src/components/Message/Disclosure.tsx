import type { ReactNode } from 'react';
import { cx } from '../shared/index.js';
import { Chevron } from '../shared/Chevron.js';
import { useControllableDisclosure } from '../shared/use-disclosure.js';

interface DisclosureProps {
  /** The trigger's content: what is inside, in a few words. */
  summary: ReactNode;
  /** The panel's content; gets `open` so costly work (highlighting) can wait for it. */
  children: (open: boolean) => ReactNode;
  slot: string;
  className?: string;
}

/**
 * A collapsed-by-default panel behind a button. Collapsed content stays in the DOM as
 * `hidden="until-found"`, so find-in-page still finds it and opens the panel.
 */
export function Disclosure({ summary, children, slot, className }: DisclosureProps) {
  const fold = useControllableDisclosure({});
  return (
    <div className={cx('acp-message__disclosure', className)} data-slot={slot} data-state={fold.state}>
      <button {...fold.triggerProps} className="acp-message__disclosure-trigger">
        <Chevron size={16} />
        {summary}
      </button>
      <div {...fold.panelProps} className="acp-message__disclosure-panel" data-slot="message-panel">
        {children(fold.open)}
      </div>
    </div>
  );
}
