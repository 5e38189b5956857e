/**
 * One form field: label or legend, description, constraint hint, secret warning, the control and
 * its error, wired together with ids (`aria-describedby`, `aria-invalid`, `aria-required`).
 */
import type { ReactNode } from 'react';
import { cx, format, useLocale } from '../../shared/index.js';
import type { ElicitationMessages } from '../messages.js';
import type { FieldModel } from '../schema.js';
import { looksLikeSecret } from '../secrets.js';
import type { FieldError } from '../validate.js';
import type { FieldValue } from '../values.js';
import { BooleanControl } from './BooleanControl.js';
import type { ControlAria } from './control-props.js';
import { MultiSelectControl } from './MultiSelectControl.js';
import { NumberControl } from './NumberControl.js';
import { SelectControl, usesRadios } from './SelectControl.js';
import { TextControl } from './TextControl.js';
import { numberFormat } from '../../../i18n/number-format.js';

export interface FieldProps {
  field: FieldModel;
  id: string;
  value: FieldValue | undefined;
  error: FieldError | null;
  disabled?: boolean;
  onChange: (value: FieldValue) => void;
  onBlur: () => void;
  onBadInput: (bad: boolean) => void;
  messages: ElicitationMessages;
}

export function Field({ field, id, value, error, disabled = false, onChange, onBlur, onBadInput, messages }: FieldProps) {
  const locale = useLocale();
  const hint = constraintHint(field, messages, locale);
  const secret = field.kind !== 'unsupported' && looksLikeSecret(field.name, field.label);
  const ids = { description: `${id}-description`, hint: `${id}-hint`, warning: `${id}-warning`, error: `${id}-error` };
  const describedBy = [field.description && ids.description, hint && ids.hint, secret && ids.warning, error && ids.error].filter(Boolean).join(' ');

  // A required boolean only means "send true or false", which the switch always does, so it is
  // not marked: a mark would wrongly suggest it must be switched on.
  const markRequired = field.required && field.kind !== 'boolean';
  const aria: ControlAria = {
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(markRequired ? { 'aria-required': true as const } : {}),
  };
  const group = field.kind === 'multiselect' || (field.kind === 'select' && usesRadios(field));
  const common = { id, disabled, onBlur, messages };

  let control: ReactNode;
  switch (field.kind) {
    case 'text':
      control = <TextControl {...common} field={field} value={asString(value)} onChange={onChange} aria={aria} />;
      break;
    case 'number':
      control = <NumberControl {...common} field={field} value={asString(value)} onChange={onChange} onBadInput={onBadInput} aria={aria} />;
      break;
    case 'boolean':
      control = <BooleanControl {...common} field={field} value={value === true} onChange={onChange} aria={aria} />;
      break;
    case 'select':
      control = <SelectControl {...common} field={field} value={asString(value)} onChange={onChange} aria={group ? {} : aria} />;
      break;
    case 'multiselect':
      control = <MultiSelectControl {...common} field={field} value={Array.isArray(value) ? value : []} onChange={onChange} aria={{}} />;
      break;
    case 'unsupported':
      control = (
        <p className="acp-elicitation__unsupported" data-slot="elicitation-unsupported" id={ids.error}>
          {format(messages.unsupported_field, { type: field.type })}
        </p>
      );
      break;
  }

  const label = (
    <>
      {field.label}
      {markRequired && (
        <>
          <span className="acp-elicitation__required" aria-hidden="true">
            {' '}
            *
          </span>
          <span className="acp-visually-hidden"> {messages.required_hidden}</span>
        </>
      )}
    </>
  );
  const notes = (
    <>
      {field.description && (
        <p id={ids.description} className="acp-elicitation__description" data-slot="elicitation-description">
          {field.description}
        </p>
      )}
      {hint && (
        <p id={ids.hint} className="acp-elicitation__hint" data-slot="elicitation-hint">
          {hint}
        </p>
      )}
      {secret && (
        <p id={ids.warning} className="acp-elicitation__warning" data-slot="elicitation-secret-warning">
          {messages.secret_warning}
        </p>
      )}
    </>
  );
  const errorText = error && field.kind !== 'unsupported' && (
    <p id={ids.error} className="acp-elicitation__error" data-slot="elicitation-error">
      {format(messages[`error_${error.code}`], formatParams(error.params, locale))}
    </p>
  );
  const rootProps = {
    className: cx('acp-elicitation__field'),
    'data-slot': 'elicitation-field',
    'data-kind': field.kind,
    'data-invalid': error ? 'true' : undefined,
  };

  if (group) {
    const radios = field.kind === 'select';
    return (
      <fieldset
        {...rootProps}
        role={radios ? 'radiogroup' : undefined}
        aria-describedby={aria['aria-describedby']}
        aria-invalid={aria['aria-invalid']}
        aria-required={radios ? aria['aria-required'] : undefined}
      >
        <legend className="acp-elicitation__label">{label}</legend>
        {notes}
        {control}
        {errorText}
      </fieldset>
    );
  }
  if (field.kind === 'boolean') {
    return (
      <div {...rootProps}>
        <div className="acp-elicitation__switch-row">
          {control}
          <label htmlFor={id} className="acp-elicitation__label">
            {label}
          </label>
        </div>
        {notes}
        {errorText}
      </div>
    );
  }
  if (field.kind === 'unsupported') {
    return (
      <div {...rootProps}>
        <span className="acp-elicitation__label">{label}</span>
        {notes}
        {control}
      </div>
    );
  }
  return (
    <div {...rootProps}>
      <label htmlFor={id} className="acp-elicitation__label">
        {label}
      </label>
      {notes}
      {control}
      {errorText}
    </div>
  );
}

function asString(value: FieldValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

function formatNumber(n: number, locale: string | undefined): string {
  return numberFormat(locale, { maximumFractionDigits: 20 }).format(n);
}

function formatParams(params: Record<string, number | string>, locale: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) out[k] = typeof v === 'number' ? formatNumber(v, locale) : v;
  return out;
}

/** The constraints in words, shown before the user types so errors are rarely a surprise. */
function constraintHint(field: FieldModel, messages: ElicitationMessages, locale: string | undefined): string | null {
  const n = (v: number) => formatNumber(v, locale);
  const range = (min: number | null, max: number | null, both: string, onlyMin: string, onlyMax: string) => {
    if (min !== null && max !== null) return format(both, { min: n(min), max: n(max) });
    if (min !== null) return format(onlyMin, { min: n(min) });
    if (max !== null) return format(onlyMax, { max: n(max) });
    return null;
  };
  switch (field.kind) {
    case 'text':
      return range(field.minLength, field.maxLength, messages.length_range, messages.length_min, messages.length_max);
    case 'number':
      return range(field.minimum, field.maximum, messages.number_range, messages.number_min, messages.number_max);
    case 'multiselect':
      return range(field.minItems, field.maxItems, messages.items_range, messages.items_min, messages.items_max);
    default:
      return null;
  }
}
