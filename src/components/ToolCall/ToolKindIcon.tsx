import type { ReactNode } from 'react';
import type { ToolKind } from '../../core/types.js';

/** 16px line icons, one per ACP tool kind; decorative (the kind is also given as text). */
const PATHS: Record<ToolKind, ReactNode> = {
  read: (
    <>
      <path d="M4 1.75h5.5l3 3v9.5H4z" />
      <path d="M9.5 1.75v3h3M6 8h4.5M6 10.75h4.5" />
    </>
  ),
  edit: (
    <>
      <path d="M10.5 2.25l3.25 3.25L6 13.25H2.75V10z" />
      <path d="M9 3.75L12.25 7" />
    </>
  ),
  delete: (
    <>
      <path d="M2.5 4.25h11M6 4.25v-2h4v2" />
      <path d="M3.75 4.25l.75 9.5h7l.75-9.5M6.75 7v4.25M9.25 7v4.25" />
    </>
  ),
  move: (
    <>
      <path d="M1.75 8h9.5M8.25 4.75L11.5 8l-3.25 3.25" />
      <path d="M14.25 2.75v10.5" />
    </>
  ),
  search: (
    <>
      <circle cx="7" cy="7" r="4.5" />
      <path d="M10.4 10.4L14 14" />
    </>
  ),
  execute: (
    <>
      <rect x="1.75" y="2.75" width="12.5" height="10.5" rx="1.5" />
      <path d="M4.5 6.25L6.5 8l-2 1.75M8 10.25h3.5" />
    </>
  ),
  think: (
    <>
      <path d="M5.75 10.75C4.5 9.9 3.75 8.6 3.75 7.1a4.25 4.25 0 0 1 8.5 0c0 1.5-.75 2.8-2 3.65v1.25h-4.5z" />
      <path d="M6.5 14.25h3" />
    </>
  ),
  fetch: (
    <>
      <circle cx="8" cy="8" r="6.25" />
      <path d="M1.75 8h12.5M8 1.75c2.25 2.25 2.25 10.25 0 12.5M8 1.75c-2.25 2.25-2.25 10.25 0 12.5" />
    </>
  ),
  switch_mode: <path d="M2.5 5.25h10.5L10.5 2.75M13.5 10.75H3l2.5 2.5" />,
  other: (
    <>
      <path d="M9.75 2.25a3.25 3.25 0 0 0-3 4.5L2.6 10.9a1.3 1.3 0 0 0 1.85 1.85l4.15-4.15a3.25 3.25 0 0 0 4.5-3l-1.9 1.1-1.75-.95-.05-2z" />
    </>
  ),
};

export function ToolKindIcon({ kind }: { kind: ToolKind }) {
  return (
    <svg
      className="acp-tool-call__icon"
      data-slot="icon"
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
      {PATHS[kind] ?? PATHS.other}
    </svg>
  );
}
