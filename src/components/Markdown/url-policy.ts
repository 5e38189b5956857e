/**
 * Which URLs agent-written markdown may use. Agent output is untrusted (ACP guide §9.4), so
 * everything is refused unless it is on these short lists.
 */

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * Image types safe to decode from a `data:` URL: raster formats only. SVG is excluded because
 * it is a document (scripts, external references), not a picture.
 */
export const RASTER_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/gif', 'image/webp', 'image/avif']);

const DATA_IMAGE = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)(?:;[a-z0-9=.+-]+)*;base64,[a-z0-9+/=\s]*$/i;

function parse(url: string): URL | null {
  try {
    // No base: relative URLs fail to parse, which is what we want (they would resolve
    // against the host page, a target the agent cannot know).
    return new URL(url.trim());
  } catch {
    return null;
  }
}

/** True for `http:`, `https:` and `mailto:` URLs; javascript:, data:, file:, relative... are not. */
export function isSafeLinkUrl(url: string | null | undefined): url is string {
  if (!url) return false;
  const parsed = parse(url);
  return parsed !== null && LINK_PROTOCOLS.has(parsed.protocol);
}

/** True for a base64 `data:` URL of an allowlisted raster image type. */
export function isSafeDataImageUrl(url: string | null | undefined): boolean {
  if (!url) return false;
  // The media type, when the URL is a base64 data URL at all.
  const type = DATA_IMAGE.exec(url.trim())?.[1];
  return type !== undefined && RASTER_IMAGE_TYPES.has(type.toLowerCase());
}

/** True for `http:` and `https:` URLs only (what may become a clickable file link). */
export function isHttpUrl(url: string | null | undefined): boolean {
  return remoteImageHost(url) !== null;
}

/** The host of an `http(s):` URL (for "Load image from …"), or null for anything else. */
export function remoteImageHost(url: string | null | undefined): string | null {
  if (!url) return null;
  const parsed = parse(url);
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) return null;
  return parsed.host;
}

/** @inline */
export type ImageSource = { kind: 'data'; src: string } | { kind: 'remote'; src: string; host: string } | { kind: 'refused' };

/** How a markdown image may be shown: decoded inline, behind a click, or not at all. */
export function classifyImage(url: string | null | undefined): ImageSource {
  if (!url) return { kind: 'refused' };
  if (isSafeDataImageUrl(url)) return { kind: 'data', src: url.trim() };
  const host = remoteImageHost(url);
  if (host) return { kind: 'remote', src: url.trim(), host };
  return { kind: 'refused' };
}

/** Keeps a URL attribute only when one of the policies above accepts it. */
export function transformUrl(url: string): string {
  return isSafeLinkUrl(url) || isSafeDataImageUrl(url) ? url : '';
}
