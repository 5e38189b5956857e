/**
 * A readable message from whatever a failed call rejected with: an `Error`, an `AcpErrorInfo`,
 * a string, or (over a dropped WebSocket in Chromium) a bare DOM `Event`.
 */
export function errorMessage(reason: unknown): string | null {
  if (typeof reason === 'string') return reason || null;
  if (typeof reason === 'object' && reason !== null && 'message' in reason) {
    const message = (reason as { message: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return null;
}
