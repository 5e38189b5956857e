/**
 * Every failure the core reports is an `AcpClientError` with a `code` and a one-sentence message.
 * Peers and platforms reject with all sorts of things (a JSON-RPC error object, a bare DOM
 * `Event` when a browser WebSocket fails, Node's `ECONNREFUSED`); they are normalized here once.
 */
import { isFiniteNumber, isRecord, isString } from './guards.js';
import type { AcpErrorInfo } from './types.js';

export const ErrorCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  requestCancelled: -32800,
  authRequired: -32000,
  resourceNotFound: -32002,
  unsupportedProtocolVersion: -32022,
  /** Client-side codes (strings, so they never collide with JSON-RPC numbers). */
  notConnected: 'not_connected',
  connectionFailed: 'connection_failed',
  connectionClosed: 'connection_closed',
  timeout: 'timeout',
  unsupported: 'unsupported',
  invalidState: 'invalid_state',
  messageTooLarge: 'message_too_large',
} as const;

export class AcpClientError extends Error {
  readonly code: number | string;
  readonly data: unknown;
  /**
   * Set on a failed `prompt()` whose turn had started: the message went to the agent (the thread
   * shows how the turn ended). Unset when the prompt was refused before it (not connected, a turn
   * already running, unsupported content), so the caller can give the text back.
   */
  declare turnStarted?: true;

  constructor(code: number | string, message: string, data?: unknown) {
    super(message);
    this.name = 'AcpClientError';
    this.code = code;
    this.data = data;
  }

  toInfo(): AcpErrorInfo {
    return this.data === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, data: this.data };
  }
}

export function toAcpError(error: unknown, context?: string): AcpClientError {
  if (error instanceof AcpClientError) return error;
  if (isJsonRpcError(error)) {
    return new AcpClientError(error.code, error.message || `Request failed with code ${error.code}.`, error.data);
  }
  if (typeof Event !== 'undefined' && error instanceof Event) {
    // Browsers reject a failed WebSocket with a bare Event that carries no reason at all.
    return new AcpClientError(ErrorCodes.connectionFailed, `Could not connect to the agent${context ? ` at ${context}` : ''}.`);
  }
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'ENOTFOUND') {
      return new AcpClientError(ErrorCodes.connectionFailed, `Could not connect to the agent${context ? ` at ${context}` : ''} (${code}).`);
    }
    if (/connection closed|stream is closed/i.test(error.message)) {
      return new AcpClientError(ErrorCodes.connectionClosed, 'The connection to the agent closed.');
    }
    return new AcpClientError(ErrorCodes.internalError, error.message);
  }
  if (typeof error === 'string') return new AcpClientError(ErrorCodes.internalError, error);
  return new AcpClientError(ErrorCodes.internalError, 'Unknown error.');
}

function isJsonRpcError(value: unknown): value is { code: number; message: string; data?: unknown } {
  return isRecord(value) && isFiniteNumber(value.code) && isString(value.message);
}

export function isAuthRequired(error: Pick<AcpClientError, 'code'>): boolean {
  return error.code === ErrorCodes.authRequired;
}
