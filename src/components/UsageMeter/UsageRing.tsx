interface UsageRingProps {
  /** 0–100; null draws only the track (window size unknown). */
  percent: number | null;
}

const RADIUS = 7;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** A small progress ring; purely decorative, the button around it carries the text. */
export function UsageRing({ percent }: UsageRingProps) {
  const filled = percent === null ? 0 : Math.min(100, Math.max(0, percent)) / 100;
  return (
    <svg className="acp-usage-meter__ring" data-slot="usage-meter-ring" viewBox="0 0 18 18" width="18" height="18" aria-hidden="true">
      <circle className="acp-usage-meter__ring-track" cx="9" cy="9" r={RADIUS} />
      <circle
        className="acp-usage-meter__ring-value"
        cx="9"
        cy="9"
        r={RADIUS}
        strokeDasharray={CIRCUMFERENCE}
        strokeDashoffset={CIRCUMFERENCE * (1 - filled)}
        transform="rotate(-90 9 9)"
      />
    </svg>
  );
}
