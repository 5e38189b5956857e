import { useId, useState } from 'react';
import { format, useLocale } from '../shared/index.js';
import { Chevron } from './Chevron.js';
import type { ToolCallMessages } from './messages.js';
import { prettyJson, RAW_JSON_LIMIT } from './raw-json.js';

interface RawDisclosureProps {
  rawInput: unknown;
  rawOutput: unknown;
  messages: ToolCallMessages;
}

const present = (value: unknown) => value !== undefined && value !== null;

/**
 * The tool's raw input and output as escaped, pretty-printed JSON. Mounted only once opened:
 * raw payloads can be whole files, and most users never look at them.
 */
export function RawDisclosure({ rawInput, rawOutput, messages }: RawDisclosureProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (!present(rawInput) && !present(rawOutput)) return null;
  return (
    <div className="acp-tool-call__raw" data-slot="raw" data-state={open ? 'open' : 'closed'}>
      <button
        type="button"
        className="acp-tool-call__raw-toggle acp-focusable"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <Chevron />
        {messages.raw_toggle}
      </button>
      <div id={panelId} className="acp-tool-call__raw-panel" hidden={!open}>
        {open && present(rawInput) && <RawValue slot="raw-input" label={messages.raw_input} value={rawInput} messages={messages} />}
        {open && present(rawOutput) && <RawValue slot="raw-output" label={messages.raw_output} value={rawOutput} messages={messages} />}
      </div>
    </div>
  );
}

interface RawValueProps {
  slot: 'raw-input' | 'raw-output';
  label: string;
  value: unknown;
  messages: ToolCallMessages;
}

function RawValue({ slot, label, value, messages }: RawValueProps) {
  const locale = useLocale();
  const text = prettyJson(value);
  const cut = text.length > RAW_JSON_LIMIT;
  const number = new Intl.NumberFormat(locale);
  return (
    <div className="acp-tool-call__raw-value" data-slot={slot}>
      <div className="acp-tool-call__raw-label">{label}</div>
      <pre className="acp-tool-call__text" tabIndex={0}>
        {cut ? text.slice(0, RAW_JSON_LIMIT) : text}
      </pre>
      {cut && (
        <p className="acp-tool-call__note">
          {format(messages.raw_truncated, { shown: number.format(RAW_JSON_LIMIT), total: number.format(text.length) })}
        </p>
      )}
    </div>
  );
}
