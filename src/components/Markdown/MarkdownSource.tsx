import { useContext, useMemo, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { NESTING_LIMIT } from '../shared/budgets.js';
import { format } from '../shared/index.js';
import { isLiteralText, literalTextValue } from './literal-text.js';
import { inlineComponents, markdownComponents } from './markdown-components.js';
import { chunkText, TEXT_CHUNK } from './chunk-text.js';
import { MarkdownContext } from './markdown-context.js';
import { useParseBudget } from './parse-budget.js';
import { remarkCapDepth } from './remark-cap-depth.js';
import { remarkInlineOnly } from './remark-inline-only.js';
import { transformUrl } from './url-policy.js';

/**
 * Deepest tree the HTML and React converters get: NESTING_LIMIT levels of quotes and lists take
 * two tree levels each, plus their paragraphs and inline marks.
 */
const TREE_DEPTH_LIMIT = 3 * NESTING_LIMIT;

/**
 * Markdown source through react-markdown, without raw HTML: no `rehype-raw` and no `skipHtml`,
 * so HTML in the text shows as the literal characters the agent wrote, never as elements.
 * `inline`: the source is (part of) one paragraph whose `<p>` the caller renders.
 *
 * Parsing takes its turn in the task's parse budget (`parse-budget.ts`): past it, the source shows
 * as written for a frame. The parsed tree is capped at TREE_DEPTH_LIMIT (`remark-cap-depth.ts`).
 * Inline text that markdown leaves as written (`literal-text.ts`: most of a streamed paragraph's
 * pieces) is not parsed at all: it renders the text the parser would have made of it.
 */
export interface MarkdownSourceProps {
  source: string;
  inline?: boolean;
  /** Element renderers instead of the defaults (table groups render their sections only). */
  components?: Components;
  /** How the source shows while it waits for the parse budget (default: as written, in a paragraph). */
  pending?: (source: string) => ReactNode;
}

export function MarkdownSource(props: MarkdownSourceProps) {
  if (props.inline && isLiteralText(props.source)) return literalTextValue(props.source);
  return <ParsedSource {...props} />;
}

function ParsedSource({ source, inline = false, components, pending }: MarkdownSourceProps) {
  const { messages } = useContext(MarkdownContext);
  const remarkPlugins = useMemo(() => {
    const capDepth = [remarkCapDepth, { maxDepth: TREE_DEPTH_LIMIT, note: format(messages.flattened, { depth: NESTING_LIMIT }) }] as const;
    return inline ? [remarkGfm, remarkInlineOnly, capDepth] : [remarkGfm, capDepth];
  }, [messages, inline]);
  if (!useParseBudget(source)) {
    if (pending) return pending(source);
    return inline ? (
      <Pending source={source} />
    ) : (
      <p className="acp-markdown__pending" data-slot="markdown-pending">
        {source}
      </p>
    );
  }
  return (
    <ReactMarkdown
      remarkPlugins={remarkPlugins as never}
      components={components ?? (inline ? inlineComponents : markdownComponents)}
      urlTransform={transformUrl}
    >
      {source}
    </ReactMarkdown>
  );
}

/**
 * Inline text waiting for the parse budget: as written, until a later frame parses it. Long text
 * is shown in blocks laid out on their own (only near the view), never as one huge line box.
 */
export function Pending({ source }: { source: string }) {
  if (source.length <= TEXT_CHUNK) {
    return (
      <span className="acp-markdown__pending" data-slot="markdown-pending">
        {source}
      </span>
    );
  }
  return chunkText(source).map((chunk, index) => (
    <span key={index} className="acp-markdown__pending acp-markdown__run" data-slot="markdown-pending">
      {chunk}
    </span>
  ));
}
