/**
 * Form values: what the controls hold while the user edits, and the typed `content` sent on accept.
 *
 * Text, number and single-select fields hold the raw input string ('' means no value), booleans a
 * boolean and multi-selects the chosen option values. Converting to wire types happens once, in
 * `toContent`, after validation.
 */
import type { CreateElicitationResponse } from '../../core/types.js';
import { localInputToRfc3339, rfc3339ToLocalInput } from './date-time.js';
import type { FieldModel } from './schema.js';

export type FieldValue = string | boolean | string[];
export type FormValues = Record<string, FieldValue>;

type AcceptContent = NonNullable<Extract<CreateElicitationResponse, { action: 'accept' }>['content']>;
export type ContentValue = AcceptContent[string];

/** Every field prefilled with its schema default (guide §5.2: clients SHOULD pre-populate). */
export function initialValues(fields: FieldModel[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    switch (field.kind) {
      case 'text':
        values[field.name] = field.default === null ? '' : field.format === 'date-time' ? rfc3339ToLocalInput(field.default) : field.default;
        break;
      case 'number':
        values[field.name] = field.default === null ? '' : String(field.default);
        break;
      case 'boolean':
        values[field.name] = field.default ?? false;
        break;
      case 'select':
        values[field.name] = field.default ?? '';
        break;
      case 'multiselect':
        values[field.name] = [...field.default];
        break;
      case 'unsupported':
        break;
    }
  }
  return values;
}

/** True when the field holds something worth sending. */
export function hasValue(field: FieldModel, value: FieldValue | undefined): value is FieldValue {
  if (field.kind === 'boolean') return typeof value === 'boolean';
  if (Array.isArray(value)) return value.length > 0;
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * The `content` of an accept response: only fields with a value, typed as the schema says
 * (numbers and integers as numbers, booleans, string arrays in option order, date-times as RFC
 * 3339). Call only after `validateForm` found no errors.
 */
export function toContent(fields: FieldModel[], values: FormValues): AcceptContent {
  const content: AcceptContent = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'unsupported' || !hasValue(field, value)) continue;
    const wire = toWire(field, value);
    if (wire !== undefined) content[field.name] = wire;
  }
  return content;
}

function toWire(field: FieldModel, value: FieldValue): ContentValue | undefined {
  switch (field.kind) {
    case 'text':
      if (field.format === 'date-time') return localInputToRfc3339(value as string) ?? undefined;
      return value as string;
    case 'number':
      return Number((value as string).trim());
    case 'boolean':
      return value as boolean;
    case 'select':
      return value as string;
    case 'multiselect': {
      const chosen = new Set(value as string[]);
      return field.options.filter((o) => chosen.has(o.value)).map((o) => o.value);
    }
    case 'unsupported':
      return undefined;
  }
}
