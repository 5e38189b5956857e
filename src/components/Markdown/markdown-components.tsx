/**
 * How markdown elements render. Only the elements with a safety or layout concern are replaced;
 * the rest keep react-markdown's plain HTML elements.
 */
import { useContext, type ComponentProps, type JSX } from 'react';
import type { Components, ExtraProps } from 'react-markdown';
import { itemAt } from '../../core/item-at.js';
import { CodeBlock } from '../CodeBlock/index.js';
import { MarkdownContext } from './markdown-context.js';
import { MarkdownImage } from './MarkdownImage.js';
import { isSafeLinkUrl } from './url-policy.js';

type Props<T extends keyof JSX.IntrinsicElements> = ComponentProps<T> & ExtraProps;
type HastNode = NonNullable<ExtraProps['node']>;
type HastChild = HastNode['children'][number];

/** Links open in a new tab, without referrer or opener; any other scheme is plain text. */
function Link({ node: _node, href, children, title }: Props<'a'>) {
  if (!isSafeLinkUrl(href)) {
    return (
      <span className="acp-markdown__link-refused" data-slot="markdown-link-refused">
        {children}
      </span>
    );
  }
  return (
    <a className="acp-markdown__link" href={href} title={title} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

function Image({ node: _node, src, alt, title }: Props<'img'>) {
  return <MarkdownImage src={typeof src === 'string' ? src : undefined} alt={alt} title={title} />;
}

/** The text under a node, in order; the walk keeps its own stack (any depth). */
function textOf(node: HastChild | HastNode): string {
  let out = '';
  const stack: Array<HastChild | HastNode> = [node];
  for (let current = stack.pop(); current !== undefined; current = stack.pop()) {
    if (current.type === 'text') out += current.value;
    // Pushed last to first, so the first child is taken next.
    else if ('children' in current) for (let i = current.children.length - 1; i >= 0; i--) stack.push(itemAt<HastChild>(current.children, i));
  }
  return out;
}

/** Code blocks that reach the parser (fences inside list items, indented code) use CodeBlock. */
function Pre({ node }: Props<'pre'>) {
  const code = node?.children.find((child): child is HastNode => child.type === 'element' && child.tagName === 'code');
  const classes = code?.properties?.className;
  const languageClass = Array.isArray(classes) ? classes.find((name): name is string => typeof name === 'string' && name.startsWith('language-')) : undefined;
  const text = code ? textOf(code).replace(/\n$/, '') : '';
  return <CodeBlock code={text} language={languageClass?.slice('language-'.length) ?? null} />;
}

/** Wide tables scroll inside their own box instead of widening the message. */
function Table({ node: _node, ...props }: Props<'table'>) {
  const { messages } = useContext(MarkdownContext);
  return (
    <div className="acp-markdown__table-scroll" data-slot="markdown-table" role="region" aria-label={messages.table} tabIndex={0}>
      <table {...props} />
    </div>
  );
}

/**
 * GFM task list boxes: an image of the state with a name ("Done"), not a form field. A disabled
 * checkbox would be an unlabeled control that looks broken and can never be used.
 */
function Input({ node: _node, type, checked }: Props<'input'>) {
  const { messages } = useContext(MarkdownContext);
  if (type !== 'checkbox') return null;
  return (
    <span
      className="acp-markdown__task"
      data-slot="markdown-task"
      data-state={checked ? 'checked' : 'unchecked'}
      role="img"
      aria-label={checked ? messages.task_done : messages.task_open}
    >
      {checked ? (
        <svg
          width="10"
          height="10"
          viewBox="0 0 10 10"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M2 5.2l2 2 4-4.4" />
        </svg>
      ) : null}
    </span>
  );
}

export const markdownComponents: Components = {
  a: Link,
  img: Image,
  pre: Pre,
  table: Table,
  input: Input,
};

/** A paragraph's content without its `<p>`: for the pieces of a paragraph parsed one by one. */
function ParagraphContent({ children }: Props<'p'>) {
  return <>{children}</>;
}

export const inlineComponents: Components = { ...markdownComponents, p: ParagraphContent };
