/**
 * The item at an index the code has already proved in range (a binary search's midpoint, an id
 * below the size of the table it indexes, a trie slot below a node's width). The type system
 * cannot see that proof (`noUncheckedIndexedAccess` types every indexed read as maybe
 * `undefined`), so this reads and checks: a miss is a bug in the caller, reported as such rather
 * than carried on as `undefined`. For an index that may really be out of range, read it and
 * handle `undefined` instead. Not for lists whose items may themselves be `undefined`.
 */
export function itemAt<T>(items: ArrayLike<T>, index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`acp-react internal error: index ${index} is out of range (length ${items.length})`);
  return item;
}
