/**
 * Notes under a part shown within a budget (see `budgets.ts`). Loaded on demand: parts in the
 * initial bundle use the wrappers of `on-demand-notes.tsx`; parts that are on-demand themselves
 * (diff, terminal, markdown) import this module directly.
 */
import type { ReactNode } from 'react';
import type { JsonText } from '../../core/json-text.js';
import { CopyButton } from '../CodeBlock/index.js';
import { budgetMessages } from './budget-messages.js';
import { NESTING_LIMIT } from './budgets.js';
import { downloadText } from './download-text.js';
import { fullJson } from './json-display.js';
import { format, useLocale, useMessages } from '../../i18n/index.js';
import { numberFormat } from '../../i18n/number-format.js';

export interface BudgetNoteProps {
  /** What was cut, flattened or approximated, in the part's own words. */
  children: ReactNode;
  /** The whole text, read when the user copies or downloads it (it may be large to build). */
  fullText?: () => string;
  /** File name for the download. */
  fileName?: string;
}

/**
 * What was cut, and the full text one click away, to copy or to download. A note, not an alert:
 * it is part of the content and read in order, never announced.
 */
export function BudgetNote({ children, fullText, fileName = 'agent-output.txt' }: BudgetNoteProps) {
  const messages = useMessages('budget', budgetMessages);
  return (
    <div className="acp-budget-note" data-slot="budget-note" role="note">
      <span className="acp-budget-note__text">{children}</span>
      {fullText && (
        <span className="acp-budget-note__actions">
          <CopyButton text={fullText} label={messages.copy} accessibleName={messages.copy_label} />
          <button
            type="button"
            className="acp-button"
            data-variant="ghost"
            aria-label={format(messages.download_label, { name: fileName })}
            onClick={() => downloadText(fullText(), fileName)}
          >
            {messages.download}
          </button>
        </span>
      )}
    </div>
  );
}

export interface CutNoteProps {
  /** Characters shown. */
  shown: number;
  /** Characters in all, when known. */
  total?: number;
  fullText: () => string;
  fileName: string;
}

/** "Showing the first N of M characters", with the whole text to copy or download. */
export function CutNoteLoaded({ shown, total, fullText, fileName }: CutNoteProps) {
  const messages = useMessages('budget', budgetMessages);
  const number = numberFormat(useLocale());
  return (
    <BudgetNote fullText={fullText} fileName={fileName}>
      {total === undefined
        ? format(messages.cut_unknown, { shown: number.format(shown) })
        : format(messages.cut, { shown: number.format(shown), total: number.format(total) })}
    </BudgetNote>
  );
}

export interface JsonNotesProps {
  /** What `displayJson` returned for `value`. */
  json: JsonText;
  value: unknown;
  fileName: string;
}

/** The notes under raw JSON shown by `displayJson`: levels flattened, text cut. */
export function JsonNotesLoaded({ json, value, fileName }: JsonNotesProps) {
  const messages = useMessages('budget', budgetMessages);
  return (
    <>
      {json.flattened && <BudgetNote>{format(messages.json_flattened, { depth: NESTING_LIMIT })}</BudgetNote>}
      {json.cut && (
        <CutNoteLoaded
          shown={json.text.length}
          total={typeof value === 'string' ? value.length : undefined}
          fullText={() => fullJson(value)}
          fileName={fileName}
        />
      )}
    </>
  );
}
