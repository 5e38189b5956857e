import type { BooleanField } from '../schema.js';
import type { ControlProps } from './control-props.js';

/** A switch-styled checkbox; the label sits beside it (rendered by `Field`). */
export function BooleanControl({ field, id, value, onChange, onBlur, disabled, aria }: ControlProps<BooleanField, boolean>) {
  return (
    <input
      id={id}
      className="acp-elicitation__switch"
      data-slot="elicitation-switch"
      type="checkbox"
      role="switch"
      name={field.name}
      checked={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.checked)}
      onBlur={onBlur}
      {...aria}
    />
  );
}
