import type { SelectField } from '../schema.js';
import type { ControlProps } from './control-props.js';

/** Up to this many options show as radios (all visible at once, descriptions included). */
const RADIO_LIMIT = 4;

export function usesRadios(field: SelectField): boolean {
  return field.options.length <= RADIO_LIMIT;
}

export function SelectControl(props: ControlProps<SelectField, string>) {
  return usesRadios(props.field) ? <RadioGroup {...props} /> : <Dropdown {...props} />;
}

function Dropdown({ field, id, value, onChange, onBlur, disabled, aria, messages }: ControlProps<SelectField, string>) {
  const selected = field.options.find((o) => o.value === value);
  return (
    <>
      <select
        id={id}
        className="acp-elicitation__input"
        data-slot="elicitation-select"
        name={field.name}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        {...aria}
      >
        {/* Always offered so an optional field can be left empty and a required one starts unchosen. */}
        <option value="">{messages.choose_option}</option>
        {field.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {selected?.description && (
        <p className="acp-elicitation__option-description" data-slot="elicitation-option-description">
          {selected.description}
        </p>
      )}
    </>
  );
}

/** The radios only: `Field` wraps them in a fieldset (role radiogroup) with the legend. */
function RadioGroup({ field, id, value, onChange, onBlur, disabled, messages }: ControlProps<SelectField, string>) {
  return (
    <div className="acp-elicitation__choices" data-slot="elicitation-choices">
      {field.options.map((o, i) => (
        <label key={o.value} className="acp-elicitation__choice" data-slot="elicitation-choice">
          <input
            id={i === 0 ? id : undefined}
            type="radio"
            name={`${id}-${field.name}`}
            value={o.value}
            checked={value === o.value}
            disabled={disabled}
            onChange={() => onChange(o.value)}
            onBlur={onBlur}
          />
          <span>
            <span className="acp-elicitation__choice-label">{o.label}</span>
            {o.description && <span className="acp-elicitation__choice-description">{o.description}</span>}
          </span>
        </label>
      ))}
      {!field.required && value !== '' && (
        <button type="button" className="acp-button" data-variant="ghost" data-slot="elicitation-clear" disabled={disabled} onClick={() => onChange('')}>
          {messages.clear_choice}
        </button>
      )}
    </div>
  );
}
