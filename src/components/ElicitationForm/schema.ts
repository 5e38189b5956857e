/**
 * Turns an elicitation `requestedSchema` into a flat list of field models the form renders.
 *
 * ACP forms are restricted JSON Schema: a flat object of primitive properties (guide §5.2). Each
 * property maps to exactly one field kind; anything this library does not know becomes an
 * `unsupported` field so it is shown as such and never rendered as a look-alike known control.
 */
import type { ElicitationState } from '../../core/types.js';

export type ElicitationSchema = NonNullable<ElicitationState['requestedSchema']>;

/** @inline */
export type TextFormat = 'email' | 'uri' | 'date' | 'date-time';

export interface ChoiceOption {
  /** The value sent to the agent (an `enum` entry or a `oneOf`/`anyOf` `const`). */
  value: string;
  /** What the user sees (the `title`, or the value itself for untitled enums). */
  label: string;
  description: string | null;
}

interface FieldBase {
  /** The property name: the key in the response `content`. */
  name: string;
  /** `title`, falling back to the property name. */
  label: string;
  description: string | null;
  required: boolean;
}

/** @inline */
export interface TextField extends FieldBase {
  kind: 'text';
  /** Known formats only; an unknown format string is ignored (plain text). */
  format: TextFormat | null;
  minLength: number | null;
  maxLength: number | null;
  pattern: string | null;
  default: string | null;
}

/** @inline */
export interface NumberField extends FieldBase {
  kind: 'number';
  /** True for `type: "integer"`. */
  integer: boolean;
  minimum: number | null;
  maximum: number | null;
  default: number | null;
}

/** @inline */
export interface BooleanField extends FieldBase {
  kind: 'boolean';
  default: boolean | null;
}

/** @inline */
export interface SelectField extends FieldBase {
  kind: 'select';
  /** True when the options came from `oneOf` (titles shown, `const` sent). */
  titled: boolean;
  options: ChoiceOption[];
  default: string | null;
}

/** @inline */
export interface MultiSelectField extends FieldBase {
  kind: 'multiselect';
  titled: boolean;
  options: ChoiceOption[];
  minItems: number | null;
  maxItems: number | null;
  default: string[];
}

/** @inline */
export interface UnsupportedField extends FieldBase {
  kind: 'unsupported';
  /** The schema's `type` (or `array of <items.type>`), for the notice. */
  type: string;
  /** The property schema exactly as received. */
  raw: unknown;
}

export type FieldModel = TextField | NumberField | BooleanField | SelectField | MultiSelectField | UnsupportedField;

export interface FormModel {
  title: string | null;
  description: string | null;
  fields: FieldModel[];
}

const TEXT_FORMATS: readonly TextFormat[] = ['email', 'uri', 'date', 'date-time'];

export function buildFormModel(schema: ElicitationSchema | null | undefined): FormModel {
  const properties = isRecord(schema?.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema?.required) ? schema.required : []);
  const fields = Object.entries(properties).map(([name, property]) => buildField(name, property as unknown, required.has(name)));
  return {
    title: str(schema?.title),
    description: str(schema?.description),
    fields,
  };
}

export function buildField(name: string, property: unknown, required: boolean): FieldModel {
  const p = isRecord(property) ? property : {};
  const base: FieldBase = {
    name,
    label: str(p.title) ?? name,
    description: str(p.description),
    required,
  };
  const unsupported = (type: string): UnsupportedField => ({ ...base, kind: 'unsupported', type, raw: property });

  switch (p.type) {
    case 'string': {
      const titled = choiceList(p.oneOf);
      const untitled = stringList(p.enum);
      if (titled || untitled) {
        const options = titled ?? untitled!.map((value) => ({ value, label: value, description: null }));
        const def = str(p.default);
        return {
          ...base,
          kind: 'select',
          titled: titled !== null,
          options,
          default: def !== null && options.some((o) => o.value === def) ? def : null,
        };
      }
      const format = TEXT_FORMATS.includes(p.format as TextFormat) ? (p.format as TextFormat) : null;
      return {
        ...base,
        kind: 'text',
        format,
        minLength: nonNegativeInt(p.minLength),
        maxLength: nonNegativeInt(p.maxLength),
        pattern: typeof p.pattern === 'string' ? p.pattern : null,
        default: typeof p.default === 'string' ? p.default : null,
      };
    }
    case 'number':
    case 'integer':
      return {
        ...base,
        kind: 'number',
        integer: p.type === 'integer',
        minimum: finite(p.minimum),
        maximum: finite(p.maximum),
        default: finite(p.default),
      };
    case 'boolean':
      return { ...base, kind: 'boolean', default: typeof p.default === 'boolean' ? p.default : null };
    case 'array': {
      const items = isRecord(p.items) ? p.items : null;
      if (!items) return unsupported('array');
      // Titled items (`anyOf`) omit `type`; untitled ones say `string`. Any other item type is a
      // custom or future kind and must not be rendered as a string multi-select (guide §5.2).
      const itemType = items.type;
      if (itemType !== undefined && itemType !== 'string') return unsupported(`array of ${String(itemType)}`);
      const titled = choiceList(items.anyOf);
      const untitled = stringList(items.enum);
      const options = titled ?? untitled?.map((value) => ({ value, label: value, description: null }));
      if (!options) return unsupported('array');
      const allowed = new Set(options.map((o) => o.value));
      return {
        ...base,
        kind: 'multiselect',
        titled: titled !== null,
        options,
        minItems: nonNegativeInt(p.minItems),
        maxItems: nonNegativeInt(p.maxItems),
        default: stringList(p.default)?.filter((v) => allowed.has(v)) ?? [],
      };
    }
    default:
      return unsupported(typeof p.type === 'string' ? p.type : 'unknown');
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function finite(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function nonNegativeInt(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

function stringList(value: unknown): string[] | null {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : null;
}

/** `oneOf` / `anyOf` entries `{const, title, description?}`; null unless every entry is well formed. */
function choiceList(value: unknown): ChoiceOption[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const out: ChoiceOption[] = [];
  for (const entry of value) {
    if (!isRecord(entry) || typeof entry.const !== 'string') return null;
    out.push({ value: entry.const, label: str(entry.title) ?? entry.const, description: str(entry.description) });
  }
  return out;
}
