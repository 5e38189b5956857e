/** Decorative icons for content blocks (their text carries the meaning). */
import type { ReactNode } from 'react';

function Icon({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <svg
      className={className}
      width="16"
      height="16"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.4"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function FileIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <path d="M9.5 1.5H4A1.5 1.5 0 0 0 2.5 3v10A1.5 1.5 0 0 0 4 14.5h8a1.5 1.5 0 0 0 1.5-1.5V5.5z" />
      <path d="M9.5 1.5v4h4" />
    </Icon>
  );
}

export function ImageFileIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <rect x="2" y="2.5" width="12" height="11" rx="1.5" />
      <circle cx="6" cy="6.5" r="1.2" />
      <path d="M2.5 12l3.5-3.5 2.5 2.5 2-2 3 3" />
    </Icon>
  );
}

export function AudioFileIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <path d="M6 11.5V3.5l7-1.5v8" />
      <circle cx="4.5" cy="11.5" r="1.5" />
      <circle cx="11.5" cy="10" r="1.5" />
    </Icon>
  );
}

export function WarningIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <path d="M8 2l6.5 11.5h-13z" />
      <path d="M8 6.5v3M8 11.5v.01" />
    </Icon>
  );
}
