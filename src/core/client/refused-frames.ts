/**
 * Frames the tap refuses before the SDK sees them: binary frames (not part of ACP) and frames over
 * the size limit. Rare, so the transport fetches this module when it opens a socket (before any
 * frame can arrive) rather than carrying it in the core entry. It imports nothing the entry
 * shares (a shared module would be split into a chunk of its own, costing the entry more).
 */
import type { Envelope, InboundTap, Socket } from './transport.js';

export function refuseBinary(data: unknown, tap: InboundTap): null {
  tap.refused(describeBinary(data), 'Binary frames are not part of ACP; the frame was ignored.');
  return null;
}

/**
 * Refusing silently used to leave both sides hanging: a refused response kept the client's
 * request pending forever (prompts have no timeout), a refused request left the agent waiting for
 * an answer. Whoever waits is told instead: the agent gets an error response (`invalidRequest`,
 * the client's JSON-RPC code), the client's pending request the tap's replacement message.
 */
export function refuseOversized(text: string, limit: number, tap: InboundTap, socket: Socket, invalidRequest: number): string | null {
  const reason = `Message of ${text.length} characters exceeds the ${limit} limit; it was refused.`;
  const envelope = peekEnvelope(text);
  const replacement = tap.refused(`${text.slice(0, 200)}…`, reason, envelope);
  if (envelope.id !== undefined && envelope.method !== undefined) {
    const reply = { jsonrpc: '2.0' as const, id: envelope.id, error: { code: invalidRequest, message: reason, data: { limit, size: text.length } } };
    tap.outbound(reply);
    socket.send(JSON.stringify(reply));
  }
  return replacement ? JSON.stringify(replacement) : null;
}

/**
 * The top-level `id` and `method` of a JSON-RPC frame, found by scanning it rather than parsing
 * it whole (it is too large to parse). `id` is undefined when there is none or it is unusable.
 */
export function peekEnvelope(text: string): Envelope {
  const found: Envelope = {};
  const n = text.length;
  const skipSpace = (j: number) => {
    while (j < n && text.charCodeAt(j) <= 32) j++;
    return j;
  };
  /** Index just past the string starting at `j` (a `"`). */
  const endOfString = (j: number) => {
    for (j++; j < n; j++) {
      const c = text.charCodeAt(j);
      if (c === 92) j++;
      else if (c === 34) return j + 1;
    }
    return n;
  };
  let i = skipSpace(0);
  if (text[i] !== '{') return found;
  i++;
  while (i < n) {
    i = skipSpace(i);
    if (text[i] !== '"') break;
    const keyEnd = endOfString(i);
    const key = text.slice(i + 1, keyEnd - 1);
    i = skipSpace(keyEnd);
    if (text[i] !== ':') break;
    const start = (i = skipSpace(i + 1));
    // Skip the value, whatever its size, without copying it.
    let depth = 0;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i = endOfString(i);
        continue;
      }
      if (c === 123 || c === 91) depth++;
      else if (c === 125 || c === 93) {
        if (depth === 0) break;
        depth--;
      } else if (c === 44 && depth === 0) break;
      i++;
    }
    if ((key === 'id' || key === 'method') && i - start < 1024) {
      let value: unknown;
      try {
        value = JSON.parse(text.slice(start, i));
      } catch {
        value = undefined;
      }
      if (key === 'method' && typeof value === 'string') found.method = value;
      if (key === 'id' && (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)))) found.id = value;
    }
    if (text[i] !== ',') break;
    i++;
  }
  return found;
}

function describeBinary(data: unknown): string {
  if (data instanceof ArrayBuffer) return `<binary frame, ${data.byteLength} bytes>`;
  if (ArrayBuffer.isView(data)) return `<binary frame, ${data.byteLength} bytes>`;
  if (typeof Blob !== 'undefined' && data instanceof Blob) return `<binary frame, ${data.size} bytes>`;
  return '<binary frame>';
}
