/** The disclosure arrow; rotated by CSS when its button is `aria-expanded="true"`. */
export function Chevron() {
  return (
    <svg
      className="acp-chevron"
      data-slot="chevron"
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 16 16"
      width="12"
      height="12"
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
