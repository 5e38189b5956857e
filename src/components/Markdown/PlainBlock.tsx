import { useContext } from 'react';
import { BudgetNote } from '../shared/BudgetNote.js';
import { MARKDOWN_UNIT_CHARS, MARKUP_LIMIT } from '../shared/budgets.js';
import { format, useLocale } from '../shared/index.js';
import { chunkText } from './chunk-text.js';
import { MarkdownContext } from './markdown-context.js';
import { numberFormat } from '../../i18n/number-format.js';

/**
 * A block over the parse unit that is neither a table nor a list (a huge quote, a giant list item,
 * a paragraph of thousands of unclosed marks on several lines): shown as written, in blocks that
 * are laid out only near the viewport, with a note saying why and the text to copy or download.
 */
export function PlainBlock({ source, markup }: { source: string; markup: number }) {
  const { messages } = useContext(MarkdownContext);
  const number = numberFormat(useLocale());
  return (
    <>
      <p className="acp-markdown__plain acp-markdown__plain-block" data-slot="markdown-plain-block">
        {chunkText(source).map((chunk, index) => (
          <span key={index} className="acp-markdown__run">
            {chunk}
          </span>
        ))}
      </p>
      <BudgetNote fullText={() => source} fileName="message.md">
        {format(messages.shown_plain, {
          size: number.format(source.length),
          markup: number.format(markup),
          unit: number.format(MARKDOWN_UNIT_CHARS),
          limit: number.format(MARKUP_LIMIT),
        })}
      </BudgetNote>
    </>
  );
}
