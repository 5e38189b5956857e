/**
 * The disclosure arrow of every fold (plan, thought, tool call, raw payloads, message blocks);
 * `shared/disclosure.css` turns it when its trigger is `aria-expanded="true"`.
 */
export function Chevron({ size = 12, className }: { size?: number; className?: string }) {
  return (
    <svg
      className={className ? `acp-chevron ${className}` : 'acp-chevron'}
      data-slot="chevron"
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 16 16"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M6 3.5L10.5 8 6 12.5" />
    </svg>
  );
}
