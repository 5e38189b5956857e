import type { MultiSelectField } from '../schema.js';
import type { ControlProps } from './control-props.js';

/** A checkbox per option; `Field` wraps them in a fieldset with the legend. */
export function MultiSelectControl({ field, id, value, onChange, onBlur, disabled }: ControlProps<MultiSelectField, string[]>) {
  const chosen = new Set(value);
  const toggle = (option: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(option);
    else next.delete(option);
    // Kept in option order so the sent array is stable whatever the clicking order.
    onChange(field.options.filter((o) => next.has(o.value)).map((o) => o.value));
  };
  return (
    <div className="acp-elicitation__choices" data-slot="elicitation-choices">
      {field.options.map((o, i) => (
        <label key={o.value} className="acp-elicitation__choice" data-slot="elicitation-choice">
          <input
            id={i === 0 ? id : undefined}
            type="checkbox"
            name={field.name}
            value={o.value}
            checked={chosen.has(o.value)}
            disabled={disabled}
            onChange={(e) => toggle(o.value, e.target.checked)}
            onBlur={onBlur}
          />
          <span>
            <span className="acp-elicitation__choice-label">{o.label}</span>
            {o.description && <span className="acp-elicitation__choice-description">{o.description}</span>}
          </span>
        </label>
      ))}
    </div>
  );
}
