/** Read-only list of what was sent with an accepted form, labelled as the form was. */
import { useLocale } from '../shared/index.js';
import type { ElicitationMessages } from './messages.js';
import type { FieldModel } from './schema.js';
import type { ContentValue } from './values.js';
import { numberFormat } from '../../i18n/number-format.js';

export interface SubmittedValuesProps {
  fields: FieldModel[];
  content: Record<string, ContentValue>;
  messages: ElicitationMessages;
}

export function SubmittedValues({ fields, content, messages }: SubmittedValuesProps) {
  const locale = useLocale();
  const entries = Object.entries(content);
  if (entries.length === 0) return null;
  const byName = new Map(fields.map((f) => [f.name, f]));
  return (
    <dl className="acp-elicitation__values" data-slot="elicitation-values">
      {entries.map(([name, value]) => {
        const field = byName.get(name);
        return (
          <div key={name} className="acp-elicitation__value-row">
            <dt>{field?.label ?? name}</dt>
            <dd>{display(field, value, messages, locale)}</dd>
          </div>
        );
      })}
    </dl>
  );
}

function display(field: FieldModel | undefined, value: ContentValue, messages: ElicitationMessages, locale: string | undefined): string {
  const label = (v: string) =>
    field && (field.kind === 'select' || field.kind === 'multiselect') ? (field.options.find((o) => o.value === v)?.label ?? v) : v;
  if (typeof value === 'boolean') return value ? messages.value_yes : messages.value_no;
  if (typeof value === 'number') return numberFormat(locale, { maximumFractionDigits: 20 }).format(value);
  if (Array.isArray(value)) return value.length ? value.map(label).join(', ') : messages.value_empty;
  return label(value);
}
