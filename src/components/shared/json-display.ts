import { jsonText, type JsonText } from '../../core/json-text.js';
import { NESTING_LIMIT, TOOL_OUTPUT_LIMIT } from './budgets.js';

/**
 * Raw agent data as text for display, within the budgets: pretty JSON (a string as it is),
 * levels past NESTING_LIMIT on one line, at most `maxChars` characters. Never throws, whatever
 * the value (see `jsonText`). `JsonNotes` says what was flattened or cut.
 */
export function displayJson(value: unknown, maxChars: number = TOOL_OUTPUT_LIMIT): JsonText {
  if (typeof value === 'string') {
    return { text: value.length > maxChars ? value.slice(0, maxChars) : value, cut: value.length > maxChars, flattened: false };
  }
  return jsonText(value, { flattenFrom: NESTING_LIMIT, maxChars });
}

/** The whole text `displayJson` shows part of, built when the user asks for it. */
export function fullJson(value: unknown): string {
  return typeof value === 'string' ? value : jsonText(value, { flattenFrom: NESTING_LIMIT }).text;
}
