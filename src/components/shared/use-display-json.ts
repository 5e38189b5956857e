/**
 * `displayJson` without holding the main thread. What can be written within the render's slice
 * (nearly every value) shows at once; a value that takes longer (a payload nested 50,000 levels)
 * is written on in later tasks, a slice at a time, and is null until then: the caller shows
 * `JsonWriting` in its place.
 */
import { useEffect, useMemo, useState } from 'react';
import { finishInSlices, jsonWriter, type JsonText, type JsonWriter } from '../../core/json-text.js';
import { startSlice } from '../../core/slices.js';
import { NESTING_LIMIT, TOOL_OUTPUT_LIMIT } from './budgets.js';
import { displayJson } from './json-display.js';

interface Started {
  json: JsonText | null;
  /** The writer still at work, when the first slice did not finish the text. */
  writer: JsonWriter | null;
}

export function useDisplayJson(value: unknown, maxChars: number = TOOL_OUTPUT_LIMIT): JsonText | null {
  const started = useMemo<Started>(() => {
    // A string is shown as it is: only cut, never written.
    if (typeof value === 'string') return { json: displayJson(value, maxChars), writer: null };
    const writer = jsonWriter(value, { flattenFrom: NESTING_LIMIT, maxChars });
    return writer.write(startSlice()) ? { json: writer.result(), writer: null } : { json: null, writer };
  }, [value, maxChars]);
  const [finished, setFinished] = useState<{ writer: JsonWriter; json: JsonText } | null>(null);
  useEffect(() => {
    const { writer } = started;
    if (!writer) return;
    const controller = new AbortController();
    void finishInSlices(writer, controller.signal).then((json) => json && setFinished({ writer, json }));
    // Aborted between slices; a writer started again (Strict Mode) goes on where it stopped.
    return () => controller.abort();
  }, [started]);
  return started.json ?? (finished && finished.writer === started.writer ? finished.json : null);
}
