/** `parseSessionUpdate` reads an update as the connection's ACP version speaks it (one module per version under `src/core/protocol/`). */
import { describe, expect, it } from 'vitest';
import { parseSessionUpdate, type ProtocolVersion } from '../../src/core/parse-update.js';

const chunk = { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'hi' } };

describe('parseSessionUpdate by protocol version', () => {
  it('reads v1 when no version is given', () => {
    expect(parseSessionUpdate(chunk)).toEqual(parseSessionUpdate(chunk, 1));
    expect(parseSessionUpdate(chunk)).toMatchObject({ kind: 'chunk', target: 'agent_message', content: { type: 'text', text: 'hi' } });
  });

  it('an ACP version it has no module for gives an unsupported update naming the version, with the raw update', () => {
    // A JavaScript caller (or a future version number) is not stopped by the type.
    const parsed = parseSessionUpdate(chunk, 3 as unknown as ProtocolVersion);
    expect(parsed).toEqual({ kind: 'unsupported', sessionUpdate: 'agent_message_chunk', reason: expect.stringMatching(/ACP version 3/), raw: chunk });
    expect(parseSessionUpdate('not an object', 0 as unknown as ProtocolVersion)).toMatchObject({
      kind: 'unsupported',
      sessionUpdate: null,
      raw: 'not an object',
    });
  });
});
