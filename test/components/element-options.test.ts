/**
 * The element's `protocol` attribute (`src/element/options.ts`): read into the client's
 * `protocol` option, and an unknown value said in the element like the other attributes' problems.
 */
import { describe, expect, it } from 'vitest';
import { optionProblems, protocolAttribute } from '../../src/element/options.js';

const valid = { url: 'ws://127.0.0.1:3031/acp', cwd: '/work' };

describe('the protocol attribute', () => {
  it('reads 1, 2 and auto; absent leaves the client’s default', () => {
    expect(protocolAttribute('1')).toBe(1);
    expect(protocolAttribute('2')).toBe(2);
    expect(protocolAttribute('auto')).toBe('auto');
    expect(protocolAttribute(null)).toBeUndefined();
  });

  it('an unknown value is a problem naming it and the values allowed', () => {
    expect(optionProblems({ ...valid, client: { protocol: protocolAttribute('3') } })).toEqual(['The protocol “3” is unknown: use 1, 2 or auto.']);
    expect(optionProblems({ ...valid, client: { protocol: protocolAttribute('v2') } })).toEqual(['The protocol “v2” is unknown: use 1, 2 or auto.']);
    expect(optionProblems({ ...valid, client: { protocol: 2 } })).toEqual([]);
  });
});
