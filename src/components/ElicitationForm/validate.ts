/**
 * Validation of elicitation input against its schema, before anything is sent (guide §5.2).
 *
 * Pure: returns error codes with parameters; the component turns them into localized messages.
 */
import { isDate, localInputToRfc3339 } from './date-time.js';
import type { FieldModel, TextField } from './schema.js';
import { hasValue, type FieldValue, type FormValues } from './values.js';

export type FieldErrorCode =
  | 'required'
  | 'min_length'
  | 'max_length'
  | 'pattern'
  | 'email'
  | 'uri'
  | 'date'
  | 'date_time'
  | 'number'
  | 'integer'
  | 'minimum'
  | 'maximum'
  | 'option'
  | 'min_items'
  | 'max_items'
  | 'unsupported';

export interface FieldError {
  code: FieldErrorCode;
  /** Values for the message template, e.g. `{ limit: 3 }`. */
  params: Record<string, number | string>;
}

/** @inline */
export interface ValidateOptions {
  /** Names of number inputs whose text the browser could not parse (`validity.badInput`). */
  badInput?: ReadonlySet<string>;
}

const err = (code: FieldErrorCode, params: FieldError['params'] = {}): FieldError => ({ code, params });

/** Decimal notation only: `Number()` would also take '0x1f', 'Infinity' and ''. */
const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Pragmatic mailbox check: something@domain.tld, no spaces, one @. */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** RFC 3986 absolute URI: a scheme, a colon, then no whitespace. */
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:\S*$/;

export function validateField(field: FieldModel, value: FieldValue | undefined, options: ValidateOptions = {}): FieldError | null {
  if (field.kind === 'unsupported') return field.required ? err('unsupported') : null;
  if (field.kind === 'number' && options.badInput?.has(field.name)) return err(field.integer ? 'integer' : 'number');
  if (!hasValue(field, value)) return field.required ? err('required') : null;

  switch (field.kind) {
    case 'text':
      return validateText(field, value as string);
    case 'number': {
      const text = (value as string).trim();
      if (!NUMBER_TEXT.test(text)) return err(field.integer ? 'integer' : 'number');
      const n = Number(text);
      if (!Number.isFinite(n)) return err('number');
      if (field.integer && !Number.isInteger(n)) return err('integer');
      if (field.minimum !== null && n < field.minimum) return err('minimum', { limit: field.minimum });
      if (field.maximum !== null && n > field.maximum) return err('maximum', { limit: field.maximum });
      return null;
    }
    case 'boolean':
      return null;
    case 'select':
      return field.options.some((o) => o.value === value) ? null : err('option');
    case 'multiselect': {
      const chosen = value as string[];
      if (!chosen.every((v) => field.options.some((o) => o.value === v))) return err('option');
      if (field.minItems !== null && chosen.length < field.minItems) return err('min_items', { limit: field.minItems });
      if (field.maxItems !== null && chosen.length > field.maxItems) return err('max_items', { limit: field.maxItems });
      return null;
    }
  }
}

function validateText(field: TextField, value: string): FieldError | null {
  // JSON Schema counts length in Unicode code points, not UTF-16 units: '😀' has length 1.
  const length = [...value].length;
  if (field.minLength !== null && length < field.minLength) return err('min_length', { limit: field.minLength });
  if (field.maxLength !== null && length > field.maxLength) return err('max_length', { limit: field.maxLength });
  switch (field.format) {
    case 'email':
      if (!EMAIL.test(value)) return err('email');
      break;
    case 'uri':
      if (!URI.test(value) || !parsesAsUrl(value)) return err('uri');
      break;
    case 'date':
      if (!isDate(value)) return err('date');
      break;
    case 'date-time':
      if (localInputToRfc3339(value) === null) return err('date_time');
      break;
    case null:
      break;
  }
  if (field.pattern !== null) {
    const regex = compilePattern(field.pattern);
    // An agent's pattern this engine cannot compile is skipped rather than blocking the form:
    // the agent still validates what it receives.
    if (regex && !regex.test(value)) return err('pattern', { pattern: field.pattern });
  }
  return null;
}

/** ECMA-262 pattern, unanchored as JSON Schema specifies; null when it does not compile. */
export function compilePattern(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    try {
      // Patterns written for non-Unicode mode (e.g. `\-` outside a class) are still valid ECMA-262.
      return new RegExp(pattern);
    } catch {
      return null;
    }
  }
}

function parsesAsUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** Every field's error, keyed by field name; empty when the form can be sent. */
export function validateForm(fields: FieldModel[], values: FormValues, options: ValidateOptions = {}): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const field of fields) {
    const error = validateField(field, values[field.name], options);
    if (error) errors[field.name] = error;
  }
  return errors;
}
