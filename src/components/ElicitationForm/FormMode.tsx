/**
 * Form-mode elicitation: fields from the schema, validated before sending (guide §5.2, §5.3).
 */
import { useId, useMemo, useState, type FormEvent } from 'react';
import type { CreateElicitationResponse } from '../../core/types.js';
import { AnswerActions } from './AnswerActions.js';
import { Field } from './fields/Field.js';
import type { ElicitationMessages } from './messages.js';
import type { FormModel } from './schema.js';
import { validateField, validateForm, type FieldError } from './validate.js';
import { initialValues, toContent, type FieldValue, type FormValues } from './values.js';

export interface FormModeProps {
  model: FormModel;
  /** Called once with the user's answer. */
  onRespond: (response: CreateElicitationResponse) => void;
  messages: ElicitationMessages;
}

export function FormMode({ model, onRespond, messages }: FormModeProps) {
  const baseId = useId();
  const [values, setValues] = useState<FormValues>(() => initialValues(model.fields));
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  // Fields the user has left once: from then on their error updates as they type.
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [badInput, setBadInput] = useState<ReadonlySet<string>>(() => new Set());
  const [showSummary, setShowSummary] = useState(false);

  const blocked = model.fields.some((f) => f.kind === 'unsupported' && f.required);
  const fieldId = (index: number) => `${baseId}-f${index}`;
  const ids = useMemo(() => ({ blocked: `${baseId}-blocked`, summary: `${baseId}-summary` }), [baseId]);

  const revalidate = (name: string, nextValues: FormValues, nextBad: ReadonlySet<string>) => {
    const field = model.fields.find((f) => f.name === name);
    if (!field) return;
    const error = validateField(field, nextValues[name], { badInput: nextBad });
    setErrors((prev) => {
      const next = { ...prev };
      if (error) next[name] = error;
      else delete next[name];
      return next;
    });
  };

  const change = (name: string, value: FieldValue) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (touched.has(name)) revalidate(name, next, badInput);
  };

  const blur = (name: string) => {
    setTouched((prev) => (prev.has(name) ? prev : new Set(prev).add(name)));
    revalidate(name, values, badInput);
  };

  const markBadInput = (name: string, bad: boolean) => {
    if (bad === badInput.has(name)) return;
    const next = new Set(badInput);
    if (bad) next.add(name);
    else next.delete(name);
    setBadInput(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blocked) return;
    const found = validateForm(model.fields, values, { badInput });
    setErrors(found);
    setTouched(new Set(model.fields.map((f) => f.name)));
    const firstInvalid = model.fields.findIndex((f) => found[f.name]);
    if (firstInvalid >= 0) {
      setShowSummary(true);
      document.getElementById(fieldId(firstInvalid))?.focus();
      return;
    }
    setShowSummary(false);
    onRespond({ action: 'accept', content: toContent(model.fields, values) });
  };

  return (
    <form className="acp-elicitation__form" data-slot="elicitation-form" noValidate onSubmit={submit}>
      {model.fields.some((f) => f.required && f.kind !== 'boolean') && (
        <p className="acp-elicitation__legend" data-slot="elicitation-required-legend">
          {messages.required_legend}
        </p>
      )}
      {model.fields.map((field, index) => (
        <Field
          key={field.name}
          field={field}
          id={fieldId(index)}
          value={values[field.name]}
          error={errors[field.name] ?? null}
          onChange={(v) => change(field.name, v)}
          onBlur={() => blur(field.name)}
          onBadInput={(bad) => markBadInput(field.name, bad)}
          messages={messages}
        />
      ))}
      {blocked && (
        <p id={ids.blocked} className="acp-elicitation__warning" data-slot="elicitation-blocked">
          {messages.unsupported_required}
        </p>
      )}
      {showSummary && Object.keys(errors).length > 0 && (
        <p id={ids.summary} className="acp-elicitation__error" data-slot="elicitation-error-summary" role="alert">
          {messages.invalid_summary}
        </p>
      )}
      <AnswerActions
        acceptLabel={messages.accept}
        accept={{ type: 'submit', disabled: blocked, 'aria-describedby': blocked ? ids.blocked : undefined }}
        onRespond={onRespond}
        messages={messages}
      />
    </form>
  );
}
