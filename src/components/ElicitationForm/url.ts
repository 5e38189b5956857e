/**
 * Assessment of a URL-mode elicitation URL before the user consents to open it (guide §5.5).
 *
 * Only `https:` opens, plus `http:` on loopback hosts (a local OAuth callback, for instance):
 * anything else (`javascript:`, `data:`, `file:`, plain http to a remote host) is refused.
 */

/** @inline */
export type UrlRefusal = 'invalid' | 'scheme' | 'insecure';
/** @inline */
export type UrlWarning = 'punycode' | 'insecure' | 'credentials';

export interface UrlAssessment {
  /** The normalized address that would be opened, or the input when it does not parse. */
  href: string;
  /** Host (with port) as the browser will resolve it; '' when the URL does not parse. */
  host: string;
  /** Where the host sits in `href`, for highlighting; null when it cannot be located. */
  hostRange: [start: number, end: number] | null;
  canOpen: boolean;
  refusal: UrlRefusal | null;
  warnings: UrlWarning[];
}

const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

export function isLoopbackHostname(hostname: string): boolean {
  return LOOPBACK_HOSTNAMES.has(hostname.toLowerCase());
}

export function assessUrl(raw: string): UrlAssessment {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { href: raw, host: '', hostRange: null, canOpen: false, refusal: 'invalid', warnings: [] };
  }

  const warnings: UrlWarning[] = [];
  // The URL parser converts internationalized hosts to punycode, so a look-alike such as
  // "exаmple.com" (Cyrillic а) shows up here as xn--…
  if (url.hostname.split('.').some((label) => label.toLowerCase().startsWith('xn--'))) warnings.push('punycode');
  if (url.protocol === 'http:') warnings.push('insecure');
  // user:pass@ before a host is a classic way to make a URL look like it goes somewhere else.
  if (url.username || url.password) warnings.push('credentials');

  let refusal: UrlRefusal | null = null;
  if (url.protocol === 'http:') {
    if (!isLoopbackHostname(url.hostname)) refusal = 'insecure';
  } else if (url.protocol !== 'https:') {
    refusal = 'scheme';
  }

  return {
    href: url.href,
    host: url.host,
    hostRange: locateHost(url),
    canOpen: refusal === null,
    refusal,
    warnings,
  };
}

function locateHost(url: URL): [number, number] | null {
  if (!url.host) return null;
  const userinfo = url.username || url.password ? `${url.username}${url.password ? `:${url.password}` : ''}@` : '';
  const start = `${url.protocol}//${userinfo}`.length;
  return url.href.startsWith(url.host, start) ? [start, start + url.host.length] : null;
}
