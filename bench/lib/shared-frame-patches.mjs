/**
 * Build-time patches (bench/pages/harness.mjs `buildPages`) that put back what issue 19's second
 * round changed, for the benches' before columns: one animation-frame callback per client's store
 * (each its own commit).
 */
export const SHARED_FRAME_PATCHES = [
  {
    file: 'src/core/store.ts',
    find: `  if (!frame) {
    const callbacks: Array<() => void> = (frame = []);
    const run = () => {
      if (frame !== callbacks) return;
      frame = null;
      callbacks.forEach(queueMicrotask);
    };`,
    replace: `  {
    let done = false;
    const run = () => {
      if (done) return;
      done = true;
      callback();
    };`,
  },
  { file: 'src/core/store.ts', find: '  frame.push(callback);\n}', replace: '}' },
];
