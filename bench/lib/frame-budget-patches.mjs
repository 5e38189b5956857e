/**
 * Build-time patches (bench/pages/harness.mjs `buildPages`) that put back what issue 19's second
 * round changed, for the benches' before columns: one animation-frame callback per client's store
 * (each its own commit), and the markdown parse budget's time renewed at each commit.
 */
export const FRAME_AND_BUDGET_PATCHES = [
  {
    file: 'src/core/store.ts',
    find: `  if (frame) return void frame.push(callback);
  const callbacks = (frame = [callback]);`,
    replace: '  let done = false;',
  },
  {
    file: 'src/core/store.ts',
    find: `    if (frame !== callbacks) return;
    frame = null;
    callbacks.forEach(queueMicrotask);`,
    replace: `    if (done) return;
    done = true;
    callback();`,
  },
  {
    file: 'src/components/Markdown/parse-budget.ts',
    find: 'if (spent > 0 && spent + cost > FREE_COST && (spent + cost > PASS_COST || now() - taskStart > PASS_MS)) return false;',
    replace:
      'if (spent === 0) taskStart = now();\n  else if (spent + cost > FREE_COST && (spent + cost > PASS_COST || now() - taskStart > PASS_MS)) return false;',
  },
];
