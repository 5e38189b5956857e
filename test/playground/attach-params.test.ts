/**
 * The playground's `?attach=<session id>[&role=observer]` (acp-react-bridge --shared): the IDE page
 * joins that session instead of starting one; a bad role is said on the page, never guessed.
 */
import { describe, expect, it } from 'vitest';
import { readParams } from '../../playground/src/params.js';

describe('?attach=', () => {
  it('names the session to join and, optionally, the role', () => {
    expect(readParams('?agent=ws://127.0.0.1:3030&attach=sess-1').attach).toEqual({ sessionId: 'sess-1' });
    expect(readParams('?agent=ws://127.0.0.1:3030&attach=sess-1&role=observer').attach).toEqual({ sessionId: 'sess-1', role: 'observer' });
    expect(readParams('').attach).toBeUndefined();
  });

  it('says why it ignores a role that is not one', () => {
    const params = readParams('?attach=sess-1&role=owner');
    expect(params.attach).toEqual({ sessionId: 'sess-1' });
    expect(params.problems).toEqual([expect.stringMatching(/\?role=owner: it must be controller or observer/)]);
  });
});
