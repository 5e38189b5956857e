import { fullJson } from '../shared/json-display.js';
import { JsonWriting } from '../shared/JsonWriting.js';
import { useDisplayJson } from '../shared/use-display-json.js';
import { JsonNotes } from '../shared/on-demand-notes.js';
import { PartBoundary } from '../shared/PartBoundary.js';
import { Chevron } from '../shared/Chevron.js';
import { useControllableDisclosure } from '../shared/use-disclosure.js';
import type { ToolCallMessages } from './messages.js';

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
  const fold = useControllableDisclosure({});
  const open = fold.open;
  if (!present(rawInput) && !present(rawOutput)) return null;
  return (
    <div className="acp-tool-call__raw" data-slot="tool-call-raw" data-state={fold.state}>
      <button {...fold.triggerProps} className="acp-tool-call__raw-toggle acp-focusable">
        <Chevron />
        {messages.raw_toggle}
      </button>
      <div {...fold.panelProps} className="acp-tool-call__raw-panel">
        {open && present(rawInput) && (
          <PartBoundary resetKey={rawInput} rawText={() => fullJson(rawInput)}>
            <RawValue part="raw-input" label={messages.raw_input} value={rawInput} />
          </PartBoundary>
        )}
        {open && present(rawOutput) && (
          <PartBoundary resetKey={rawOutput} rawText={() => fullJson(rawOutput)}>
            <RawValue part="raw-output" label={messages.raw_output} value={rawOutput} />
          </PartBoundary>
        )}
      </div>
    </div>
  );
}

interface RawValueProps {
  part: 'raw-input' | 'raw-output';
  label: string;
  value: unknown;
}

function RawValue({ part, label, value }: RawValueProps) {
  const json = useDisplayJson(value);
  return (
    <div className="acp-tool-call__raw-value" data-slot={`tool-call-${part}`}>
      <div className="acp-tool-call__raw-label">{label}</div>
      {json ? (
        <>
          <pre className="acp-tool-call__text" tabIndex={0}>
            {json.text}
          </pre>
          <JsonNotes json={json} value={value} fileName={`${part}.json`} />
        </>
      ) : (
        <JsonWriting className="acp-tool-call__text" />
      )}
    </div>
  );
}
