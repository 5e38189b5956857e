import { format, useLocale } from '../shared/index.js';
import type { DiffGap } from './diff-segments.js';
import type { DiffMessages } from './messages.js';
import { numberFormat } from '../../i18n/number-format.js';

interface DiffGapRowProps {
  gap: DiffGap;
  onExpand: (start: number) => void;
  messages: DiffMessages;
}

/** A folded run of unchanged lines: one button that reveals all of it in place. */
export function DiffGapRow({ gap, onExpand, messages }: DiffGapRowProps) {
  const locale = useLocale();
  const count = numberFormat(locale).format(gap.end - gap.start);
  return (
    <div className="acp-diff__gap" data-slot="diff-gap">
      <button type="button" className="acp-diff__expand acp-focusable" onClick={() => onExpand(gap.start)}>
        <svg aria-hidden="true" viewBox="0 0 16 16" width="12" height="12" focusable="false">
          <path d="M8 2 5 5h6L8 2Zm0 12 3-3H5l3 3Z" fill="currentColor" />
        </svg>
        {format(messages.show_lines, { count })}
      </button>
    </div>
  );
}
