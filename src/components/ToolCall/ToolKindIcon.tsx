import type { ToolKind } from '../../core/types.js';

/**
 * 16px line icons, one per ACP tool kind; decorative (the kind is also given as text). Each is
 * one path (circles and rounded rectangles written as arcs), so every icon is a single element.
 */
const PATHS: Record<ToolKind, string> = {
  read: 'M4 1.75h5.5l3 3v9.5H4zM9.5 1.75v3h3M6 8h4.5M6 10.75h4.5',
  edit: 'M10.5 2.25l3.25 3.25L6 13.25H2.75V10zM9 3.75L12.25 7',
  delete: 'M2.5 4.25h11M6 4.25v-2h4v2M3.75 4.25l.75 9.5h7l.75-9.5M6.75 7v4.25M9.25 7v4.25',
  move: 'M1.75 8h9.5M8.25 4.75L11.5 8l-3.25 3.25M14.25 2.75v10.5',
  search: 'M2.5 7a4.5 4.5 0 1 0 9 0a4.5 4.5 0 1 0-9 0M10.4 10.4L14 14',
  execute:
    'M3.25 2.75h9.5a1.5 1.5 0 0 1 1.5 1.5v7.5a1.5 1.5 0 0 1-1.5 1.5h-9.5a1.5 1.5 0 0 1-1.5-1.5v-7.5a1.5 1.5 0 0 1 1.5-1.5zM4.5 6.25L6.5 8l-2 1.75M8 10.25h3.5',
  think: 'M5.75 10.75C4.5 9.9 3.75 8.6 3.75 7.1a4.25 4.25 0 0 1 8.5 0c0 1.5-.75 2.8-2 3.65v1.25h-4.5zM6.5 14.25h3',
  fetch: 'M1.75 8a6.25 6.25 0 1 0 12.5 0a6.25 6.25 0 1 0-12.5 0M1.75 8h12.5M8 1.75c2.25 2.25 2.25 10.25 0 12.5M8 1.75c-2.25 2.25-2.25 10.25 0 12.5',
  switch_mode: 'M2.5 5.25h10.5L10.5 2.75M13.5 10.75H3l2.5 2.5',
  other: 'M9.75 2.25a3.25 3.25 0 0 0-3 4.5L2.6 10.9a1.3 1.3 0 0 0 1.85 1.85l4.15-4.15a3.25 3.25 0 0 0 4.5-3l-1.9 1.1-1.75-.95-.05-2z',
};

export function ToolKindIcon({ kind }: { kind: ToolKind }) {
  return (
    <svg
      className="acp-tool-call__icon"
      data-slot="tool-call-icon"
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 16 16"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.4"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[kind] ?? PATHS.other} />
    </svg>
  );
}
