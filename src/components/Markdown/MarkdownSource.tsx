import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { inlineComponents, markdownComponents } from './markdown-components.js';
import { transformUrl } from './url-policy.js';

const remarkPlugins = [remarkGfm];

/**
 * Markdown source through react-markdown, without raw HTML: no `rehype-raw` and no `skipHtml`,
 * so HTML in the text shows as the literal characters the agent wrote, never as elements.
 * `inline`: the source is (part of) one paragraph whose `<p>` the caller renders.
 */
export function MarkdownSource({ source, inline = false }: { source: string; inline?: boolean }) {
  return (
    <ReactMarkdown
      remarkPlugins={remarkPlugins}
      components={inline ? inlineComponents : markdownComponents}
      urlTransform={transformUrl}
    >
      {source}
    </ReactMarkdown>
  );
}
