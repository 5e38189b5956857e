import { useState } from 'react';

/** Only web and data URLs of images: an agent-supplied `javascript:` URL must not reach the page. */
function safeIconUrl(icon: string | undefined): string | null {
  if (!icon) return null;
  try {
    const url = new URL(icon);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
    return url.protocol === 'data:' && /^data:image\//i.test(icon) ? icon : null;
  } catch {
    return null;
  }
}

/** The first letters of the first two words: the icon's stand-in. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((word) => String.fromCodePoint(word.codePointAt(0) ?? 63))
      .join('')
      .toUpperCase() || '?'
  );
}

/**
 * The registry's icon as an image (never its markup inlined: an `<img>` runs no script, even for
 * SVG), fetched without a referrer; the agent's initials when there is none or it fails to load.
 */
export function AgentIcon({ name, icon }: { name: string; icon: string | undefined }) {
  const url = safeIconUrl(icon);
  const [failed, setFailed] = useState<string | null>(null);
  if (url && failed !== url) {
    return <img className="acp-agent-picker__icon" src={url} alt="" referrerPolicy="no-referrer" loading="lazy" onError={() => setFailed(url)} />;
  }
  return (
    <span className="acp-agent-picker__icon" data-slot="agent-picker-initials" aria-hidden="true">
      {initials(name)}
    </span>
  );
}
