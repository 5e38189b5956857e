/** What every field control receives from `Field`, which owns ids, errors and ARIA wiring. */
import type { ElicitationMessages } from '../messages.js';
import type { FieldValue } from '../values.js';

export interface ControlAria {
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

export interface ControlProps<F, V extends FieldValue> {
  field: F;
  /** Id of the control, or of the first control of a group (focused on a failed submit). */
  id: string;
  value: V;
  onChange: (value: V) => void;
  /** Validates the field once the user leaves it. */
  onBlur: () => void;
  disabled: boolean;
  aria: ControlAria;
  messages: ElicitationMessages;
}
