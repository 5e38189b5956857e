/**
 * What the streaming pages record of each WebSocket frame, shared so that the floor
 * (`floor.ts`) and the library's pages (`streaming.tsx`) pay exactly the same for it: the
 * arrival time of the first and last frames, and of the frame holding the last chunk (a string
 * search over every frame). The recording runs inside the one `message` listener each page has,
 * never as a second listener: a listener is a call into script per frame, which on a 20,000-frame
 * flood costs as much as a tenth of the floor, and would be charged to one side only.
 */
export interface FrameRecording {
  /** Set by `__run`: JSON text that only the last chunk's frame contains. */
  marker: string | null;
  messages: number;
  firstMessage: number;
  lastMessage: number;
  lastChunk: number;
}

export function newRecording(): FrameRecording {
  return { marker: null, messages: 0, firstMessage: 0, lastMessage: 0, lastChunk: 0 };
}

export function resetRecording(rec: FrameRecording, marker: string | null): void {
  Object.assign(rec, newRecording(), { marker });
}

export function recordFrame(rec: FrameRecording, data: unknown): void {
  const at = performance.now();
  rec.messages++;
  if (rec.firstMessage === 0) rec.firstMessage = at;
  rec.lastMessage = at;
  if (rec.marker !== null && typeof data === 'string' && data.includes(rec.marker)) rec.lastChunk = at;
}
