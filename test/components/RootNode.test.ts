/**
 * Focus and ids inside a shadow root, as `<acp-agent-panel>` renders: `document.activeElement`
 * stops at the element, so what had the focus (to give it back after a dialog) is found through
 * the shadow roots.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { deepActiveElement } from '../../src/components/shared/root-node.js';

afterEach(() => {
  document.body.replaceChildren();
});

describe('deepActiveElement', () => {
  it('finds the focused button inside nested open shadow roots, where document.activeElement is the host', () => {
    const host = document.createElement('acp-test-host');
    document.body.append(host);
    const inner = document.createElement('acp-test-inner');
    host.attachShadow({ mode: 'open' }).append(inner);
    const button = document.createElement('button');
    inner.attachShadow({ mode: 'open' }).append(button);
    button.focus();
    expect(document.activeElement).toBe(host);
    expect(deepActiveElement()).toBe(button);
  });

  it('is document.activeElement outside shadow roots', () => {
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    expect(deepActiveElement()).toBe(input);
  });
});
