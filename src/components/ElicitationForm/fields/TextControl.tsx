import type { TextField, TextFormat } from '../schema.js';
import type { ControlProps } from './control-props.js';

/** Native input types by JSON Schema `format`; date-time is converted to RFC 3339 on send. */
const INPUT_TYPE: Record<TextFormat, string> = {
  email: 'email',
  uri: 'url',
  date: 'date',
  'date-time': 'datetime-local',
};

export function TextControl({ field, id, value, onChange, onBlur, disabled, aria }: ControlProps<TextField, string>) {
  return (
    <input
      id={id}
      className="acp-elicitation__input"
      data-slot="elicitation-input"
      type={field.format ? INPUT_TYPE[field.format] : 'text'}
      name={field.name}
      value={value}
      // Native length and pattern constraints are left off: the form validates in code (code
      // points, guarded patterns) and shows its own messages.
      autoComplete="off"
      spellCheck={field.format === null}
      step={field.format === 'date-time' ? 1 : undefined}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      {...aria}
    />
  );
}
