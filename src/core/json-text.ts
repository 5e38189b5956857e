/**
 * JSON text for display, transcripts and comparisons, safe for any value an agent can send.
 *
 * `JSON.stringify` recurses: a value nested a few thousand levels deep (cheap to send, and
 * `JSON.parse` builds it without recursing) throws a RangeError, and so does `String(value)` for
 * nested arrays. This writer keeps its own stack, so depth costs memory, not call stack. It also
 * never throws for what JSON cannot express (cycles, bigint, a throwing `toJSON`), and can stop
 * early: work and output are bounded by `maxChars`, not by the size of the value.
 *
 * Output matches `JSON.stringify(value, null, indent)` for plain JSON data, except that levels
 * at `flattenFrom` and deeper are written compactly on one line (indentation grows with depth,
 * so a deep value would otherwise be quadratic in size), and that a top-level value JSON cannot
 * express (`undefined`, a function) is written as `String(value)`.
 */

import { startSlice, yieldToMain, type Slice } from './slices.js';

export interface JsonTextOptions {
  /** Spaces per level (default 2); 0 writes compact JSON. */
  indent?: number;
  /** Levels from this depth on (the top value is depth 0) are written on one line. */
  flattenFrom?: number;
  /** Stop once the text reaches this many characters (it may end a little past it). */
  maxChars?: number;
}

export interface JsonText {
  text: string;
  /** The text stopped at `maxChars`: it is the start of the whole. */
  cut: boolean;
  /** Some levels were deeper than `flattenFrom` and are written on one line. */
  flattened: boolean;
}

const NOTHING = Symbol('nothing');

/** An object or array being written: its keys (null for an array), the next member, the members written. */
interface Container {
  value: object;
  keys: string[] | null;
  next: number;
  count: number;
}

/** The value JSON writes for `raw` (after `toJSON`), a literal for primitives, or NOTHING to skip it. */
function prepare(raw: unknown, key: string | number): unknown {
  let value = raw;
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    try {
      value = (value as { toJSON(key: string): unknown }).toJSON(String(key));
    } catch {
      return '"[Unserializable]"';
    }
  }
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return String(value);
    case 'bigint':
      return `"${value}n"`;
    case 'object':
      return value === null ? 'null' : value;
    default:
      // undefined, functions, symbols: left out of objects, null in arrays (as JSON does).
      return NOTHING;
  }
}

export function jsonText(value: unknown, options: JsonTextOptions = {}): JsonText {
  const writer = jsonWriter(value, options);
  while (!writer.write(null));
  return writer.result();
}

/**
 * `jsonText` in slices (see `slices.ts`): the writing yields to the page whenever a slice's time
 * is spent, so a value that takes long to write (50,000 levels) never holds the main thread.
 * Resolves with the same text as `jsonText`, or null if `signal` aborted first.
 */
export function jsonTextInSlices(value: unknown, options: JsonTextOptions = {}, signal?: AbortSignal): Promise<JsonText | null> {
  return finishInSlices(jsonWriter(value, options), signal);
}

/** Writes on in slices, yielding between them; null if `signal` aborted first (the writer can go on later). */
export async function finishInSlices(writer: JsonWriter, signal?: AbortSignal): Promise<JsonText | null> {
  while (!writer.write(startSlice())) {
    await yieldToMain();
    if (signal?.aborted) return null;
  }
  return writer.result();
}

/** JSON text being written: it can stop between any two members and go on later. */
export interface JsonWriter {
  /** Writes on until the text is done (true) or, with a slice, until its time is spent (false). */
  write(slice: Slice | null): boolean;
  /** The text; call once `write` returned true. */
  result(): JsonText;
}

/** Containers written between two looks at a slice's clock. */
const CLOCK_EVERY = 512;

/** The writer keeps its own stack of the containers being written: depth costs memory, not call stack. */
export function jsonWriter(value: unknown, options: JsonTextOptions = {}): JsonWriter {
  const indent = options.indent ?? 2;
  const flattenFrom = options.flattenFrom ?? Number.POSITIVE_INFINITY;
  const maxChars = options.maxChars ?? Number.POSITIVE_INFINITY;
  // Written already: by the engine's own writer, or not JSON at all.
  const finished = (text: JsonText): JsonWriter => ({ write: () => true, result: () => text });
  const first = prepare(value, '');
  if (first === NOTHING) return finished({ text: String(value), cut: false, flattened: false });
  // Whole text (a transcript, a copy): the engine's own writer, native and fast, gives the same
  // text for most values. It throws past its stack (a RangeError, caught), for cycles and for
  // bigint; the writer below handles those. Its text is used when it nests less than
  // `flattenFrom`. Within `maxChars` the writer below is used: its work stops at the budget.
  if (!Number.isFinite(maxChars) && typeof first === 'object') {
    try {
      const text = JSON.stringify(first, null, indent);
      if (!Number.isFinite(flattenFrom) || nesting(text) < flattenFrom) return finished({ text, cut: false, flattened: false });
    } catch {
      // Written below.
    }
  }

  // Pieces of the text, joined at the end (appending to one string makes a deep rope).
  const parts: string[] = [];
  let length = 0;
  const emit = (piece: string) => {
    parts.push(piece);
    length += piece.length;
  };
  let flattened = false;
  // The containers being written, innermost last: the stack is the writer's own, not the call stack's.
  const stack: Container[] = [];
  // The containers being written: a value met again inside itself is a cycle.
  const open = new Set<object>();
  const breaks: string[] = [];
  const breakAt = (depth: number) => (indent > 0 && depth < flattenFrom ? (breaks[depth] ??= `\n${' '.repeat(indent * depth)}`) : '');

  const start = (prepared: unknown): void => {
    if (typeof prepared === 'string') return emit(prepared);
    const object = prepared as object;
    if (open.has(object)) return emit('"[Circular]"');
    open.add(object);
    const keys = Array.isArray(object) ? null : Object.keys(object);
    emit(keys ? '{' : '[');
    stack.push({ value: object, keys, next: 0, count: 0 });
  };

  // The text once written.
  let done: JsonText | null = null;
  const write = (slice: Slice | null): boolean => {
    if (done) return true;
    let count = 0;
    for (let top = stack.at(-1); top && length < maxChars; top = stack.at(-1)) {
      if (slice && ++count % CLOCK_EVERY === 0 && slice.spent()) return false;
      const { value: container, keys } = top;
      const depth = stack.length - 1;
      let member: unknown = NOTHING;
      let key = '';
      if (keys) {
        // Past the last key there is none: the object is done.
        for (let next = keys[top.next]; next !== undefined && member === NOTHING; next = keys[top.next]) {
          top.next++;
          key = next;
          member = prepare((container as Record<string, unknown>)[key], key);
        }
      } else {
        const items = container as unknown[];
        if (top.next < items.length) {
          const index = top.next++;
          member = prepare(items[index], index);
          // An array keeps the slot of a value JSON cannot write, as null.
          if (member === NOTHING) member = 'null';
        }
      }
      if (member === NOTHING) {
        stack.pop();
        open.delete(container);
        // A container's members and its closing bracket are on one line once the members are flattened.
        if (top.count > 0 && depth + 1 < flattenFrom) emit(breakAt(depth));
        emit(keys ? '}' : ']');
        continue;
      }
      if (depth + 1 >= flattenFrom && indent > 0) flattened = true;
      if (top.count++ > 0) emit(',');
      if (depth + 1 < flattenFrom && indent > 0) emit(breakAt(depth + 1));
      if (keys) emit(`${JSON.stringify(key)}:${indent > 0 && depth + 1 < flattenFrom ? ' ' : ''}`);
      start(member);
    }
    const cut = length >= maxChars;
    const text = parts.join('');
    done = { text: cut ? text.slice(0, maxChars) : text, cut, flattened };
    return true;
  };

  start(first);
  return {
    write,
    result() {
      if (!done) throw new Error('jsonWriter: the text is not written yet');
      return done;
    },
  };
}

/** How deep the brackets of JSON text nest (outside strings). */
function nesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // Skip the string, escapes included.
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
    } else if (c === 91 || c === 123) {
      if (++depth > deepest) deepest = depth;
    } else if (c === 93 || c === 125) depth--;
  }
  return deepest;
}
