/**
 * The dom-react18 project runs the component tests on React 18.3 (see test/react18/). React 18
 * reports what it cannot do, rather than failing: a cleanup returned from a callback ref ("Unexpected
 * return value from a callback ref"), `ref` read as a plain prop ("`ref` is not a prop"), a
 * hydration mismatch, an unknown DOM prop. Every such report goes through console.error or
 * console.warn, so in this project any console error or warning fails the test that caused it.
 */
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import React from 'react';

const reports: string[] = [];
const original = { error: console.error, warn: console.warn };

function format(args: unknown[]): string {
  // React 18 logs printf-style: ("Warning: %s is not a prop...", "SessionItem", ...).
  const [first, ...rest] = args;
  if (typeof first !== 'string') return args.map(String).join(' ');
  let index = 0;
  const text = first.replace(/%[sdio]/g, () => String(rest[index++]));
  return [text, ...rest.slice(index).map(String)].join(' ');
}

beforeAll(() => {
  // The aliases in vite.config.ts must have taken effect, or this project silently tests React 19.
  expect(React.version).toMatch(/^18\.3\./);
  console.error = (...args: unknown[]) => {
    reports.push(`console.error: ${format(args)}`);
    original.error(...args);
  };
  console.warn = (...args: unknown[]) => {
    reports.push(`console.warn: ${format(args)}`);
    original.warn(...args);
  };
});

afterEach(() => {
  if (reports.length === 0) return;
  const found = reports.splice(0);
  throw new Error(`React 18.3 reported ${found.length} problem(s) during this test:\n${found.join('\n\n')}`);
});

afterAll(() => {
  console.error = original.error;
  console.warn = original.warn;
  if (reports.length > 0) throw new Error(`React 18.3 reported problems outside any test:\n${reports.splice(0).join('\n\n')}`);
});
