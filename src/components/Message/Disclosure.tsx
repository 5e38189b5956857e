import { useId, useState, type ReactNode } from 'react';
import { cx } from '../shared/index.js';
import { useUntilFound } from '../shared/use-until-found.js';
import { ChevronIcon } from './icons.js';

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
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const panel = useUntilFound<HTMLDivElement>(open, () => setOpen(true));
  return (
    <div className={cx('acp-message__disclosure', className)} data-slot={slot} data-state={open ? 'open' : 'closed'}>
      <button
        type="button"
        className="acp-message__disclosure-trigger"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <ChevronIcon className="acp-message__chevron" />
        {summary}
      </button>
      <div id={panelId} ref={panel} hidden={!open} className="acp-message__disclosure-panel" data-slot="panel">
        {children(open)}
      </div>
    </div>
  );
}
