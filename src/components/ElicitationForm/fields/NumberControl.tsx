import type { NumberField } from '../schema.js';
import type { ControlProps } from './control-props.js';

interface NumberControlProps extends ControlProps<NumberField, string> {
  /** Reports text the browser could not parse as a number (its value then reads as ''). */
  onBadInput: (bad: boolean) => void;
}

export function NumberControl({ field, id, value, onChange, onBlur, onBadInput, disabled, aria }: NumberControlProps) {
  return (
    <input
      id={id}
      className="acp-elicitation__input"
      data-slot="elicitation-input"
      type="number"
      inputMode={field.integer ? 'numeric' : 'decimal'}
      name={field.name}
      value={value}
      min={field.minimum ?? undefined}
      max={field.maximum ?? undefined}
      step={field.integer ? 1 : 'any'}
      disabled={disabled}
      onChange={(e) => {
        onBadInput(e.target.validity?.badInput === true);
        onChange(e.target.value);
      }}
      onBlur={onBlur}
      {...aria}
    />
  );
}
