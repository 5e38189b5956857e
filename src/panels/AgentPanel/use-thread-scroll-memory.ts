import { useEffect, useState } from 'react';
import type { ThreadScrollMemory } from '../../components/Thread/index.js';

/**
 * Where the user left each open session's thread scrolled up, for the panel's life: a tab
 * switched back to shows its thread there instead of at its end. A closed tab's place is dropped.
 */
export function useThreadScrollMemory(openIds: readonly string[]): ThreadScrollMemory {
  const [memory] = useState<ThreadScrollMemory>(() => new Map());
  useEffect(() => {
    for (const id of memory.keys()) if (!openIds.includes(id)) memory.delete(id);
  }, [memory, openIds]);
  return memory;
}
