/**
 * Host strings are typed from the components' English defaults: a misspelt namespace or key fails
 * the type check (`npm run typecheck` covers this file; each `@ts-expect-error` fails it if the
 * error it expects goes away), and a correct override shows.
 */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AcpUiProvider, Plan, type MessageOverrides } from '../../src/index.js';

describe('MessageOverrides', () => {
  it('accepts known namespaces and keys, and the override shows', () => {
    const messages: MessageOverrides = { plan: { title: 'Arbeitsplan' }, toolCall: { status_failed: 'Fehlgeschlagen' } };
    render(
      <AcpUiProvider messages={messages}>
        <Plan entries={[{ content: 'Write the test', priority: 'high', status: 'pending' }]} />
      </AcpUiProvider>,
    );
    expect(screen.getByRole('button', { name: /Arbeitsplan/ })).toBeInTheDocument();
  });

  it('rejects a misspelt namespace or key at compile time', () => {
    // @ts-expect-error -- no namespace "toolcall" (it is "toolCall")
    const namespace: MessageOverrides = { toolcall: { status_failed: 'Failed' } };
    // @ts-expect-error -- no key "titel" in the plan namespace
    const key: MessageOverrides = { plan: { titel: 'Plan' } };
    // @ts-expect-error -- strings only
    const value: MessageOverrides = { plan: { title: 42 } };
    expect([namespace, key, value]).toHaveLength(3);
  });
});
