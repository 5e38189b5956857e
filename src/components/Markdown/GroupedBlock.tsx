import { memo, useContext, useMemo, type ReactNode } from 'react';
import type { Components } from 'react-markdown';
import type { BlockPlan } from './block-plan.js';
import { markdownComponents } from './markdown-components.js';
import { MarkdownContext } from './markdown-context.js';
import { MarkdownSource } from './MarkdownSource.js';
import { repairTail } from './repair-tail.js';

type Grouped = Extract<BlockPlan, { kind: 'table' | 'list' }>;

/**
 * A table or list over the parse unit, parsed in groups (see `block-plan.ts`): each group is
 * parsed once, so a streaming table re-parses only its last rows. A list's groups render as
 * consecutive lists, numbered on.
 *
 * A table's groups are parsed under its head, and each is a table of its own in one scrolling
 * region: the same fixed column widths for all, the head shown on the first and kept for
 * assistive technology (visually hidden) on the others. A browser lays a table out whole whenever
 * a row changes, which for thousands of rows is hundreds of milliseconds a frame; as separate
 * blocks, only the groups near the viewport are laid out at all (`content-visibility: auto`).
 */
export function GroupedBlock({ plan, streaming }: { plan: Grouped; streaming: boolean }) {
  const { messages } = useContext(MarkdownContext);
  const last = plan.groups.length - 1;
  const sourceOf = (group: string, index: number) => (streaming && index === last ? repairTail(group) : group);
  if (plan.kind === 'list') {
    return plan.groups.map((group, index) => <MemoGroup key={index} source={sourceOf(group, index)} />);
  }
  const columns = (
    <colgroup>
      {plan.widths.map((width, index) => (
        <col key={index} style={{ width: `${width}%` }} />
      ))}
    </colgroup>
  );
  return (
    <div className="acp-markdown__table-scroll" data-slot="markdown-table" data-grouped="true" role="region" aria-label={messages.table} tabIndex={0}>
      {plan.groups.map((group, index) => (
        <div key={index} className="acp-markdown__table-group">
          <table style={{ minWidth: `${plan.widths.length * 6}em` }}>
            {columns}
            <MemoGroup source={plan.head + sourceOf(group, index)} components={index === 0 ? headRows : bodyRows} columns={plan.widths.length} />
          </table>
        </div>
      ))}
    </div>
  );
}

/** The group's table element is the one above: only its sections render. */
const Sections = ({ children }: { children?: ReactNode }) => <>{children}</>;
const HiddenHead = ({ children }: { children?: ReactNode }) => <thead className="acp-visually-hidden">{children}</thead>;
const headRows: Components = { ...markdownComponents, table: Sections };
const bodyRows: Components = { ...markdownComponents, table: Sections, thead: HiddenHead };

/** A table group waiting for the parse budget: its rows as written, in one cell (a table holds no paragraphs). */
function pendingRows(columns: number) {
  return (source: string) => (
    <tbody data-slot="markdown-pending">
      <tr>
        <td colSpan={columns} className="acp-markdown__pending">
          {source}
        </td>
      </tr>
    </tbody>
  );
}

const MemoGroup = memo(function Group({ source, components, columns }: { source: string; components?: Components; columns?: number }) {
  const pending = useMemo(() => (columns ? pendingRows(columns) : undefined), [columns]);
  return <MarkdownSource source={source} components={components} pending={pending} />;
});
