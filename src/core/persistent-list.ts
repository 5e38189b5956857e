/**
 * An immutable list tuned for transcripts: append is O(1) amortized (a tail of up to 31 items is
 * copied), replacing the last item is O(1) with no copying at all, random replace is O(log32 n),
 * and every version shares the untouched parts with the previous one. Streaming a chunk therefore
 * never copies the thread.
 *
 * Layout: full 32-item leaves in a 32-way trie, then a tail of the next 0..31 items, then the last
 * item on its own (so the streaming hot path, "replace the last item", allocates one small object).
 */

const BITS = 5;
const WIDTH = 1 << BITS;
const MASK = WIDTH - 1;

type Node<T> = ReadonlyArray<T> | ReadonlyArray<Node<T>>;

export class PersistentList<T> implements Iterable<T> {
  static empty<T>(): PersistentList<T> {
    return new PersistentList<T>(0, BITS, [], [], undefined as T);
  }

  static from<T>(items: Iterable<T>): PersistentList<T> {
    let list = PersistentList.empty<T>();
    for (const item of items) list = list.push(item);
    return list;
  }

  private cachedArray: T[] | undefined = undefined;

  private constructor(
    readonly size: number,
    private readonly shift: number,
    private readonly root: ReadonlyArray<Node<T>>,
    /** Items after the trie, before the last one: 0..31 of them. */
    private readonly tail: ReadonlyArray<T>,
    /** The last item (meaningless when the list is empty). */
    private readonly lastItem: T,
  ) {}

  /** Index of the first tail item (everything before it is in the trie). */
  private get tailOffset(): number {
    return this.size - 1 - this.tail.length;
  }

  get(index: number): T | undefined {
    if (index < 0 || index >= this.size) return undefined;
    if (index === this.size - 1) return this.lastItem;
    const offset = this.tailOffset;
    if (index >= offset) return this.tail[index - offset];
    return this.leafFor(index)[index & MASK];
  }

  last(): T | undefined {
    return this.size === 0 ? undefined : this.lastItem;
  }

  push(value: T): PersistentList<T> {
    const size = this.size;
    if (size === 0) return new PersistentList(1, this.shift, this.root, this.tail, value);
    if (this.tail.length < WIDTH - 1) {
      const tail = this.tail.slice();
      tail.push(this.lastItem);
      return new PersistentList(size + 1, this.shift, this.root, tail, value);
    }
    // The tail and the last item fill a leaf: it goes into the trie, and a new tail starts.
    const leaf = this.tail.slice();
    leaf.push(this.lastItem);
    const leafIndex = this.tailOffset;
    if (leafIndex >>> BITS >= 1 << this.shift) {
      // The trie is full at this height: grow one level.
      const newRoot = [this.root, newPath<T>(this.shift, leaf)];
      return new PersistentList(size + 1, this.shift + BITS, newRoot, [], value);
    }
    const newRoot = pushLeaf(this.shift, this.root, leafIndex, leaf);
    return new PersistentList(size + 1, this.shift, newRoot, [], value);
  }

  set(index: number, value: T): PersistentList<T> {
    if (index < 0 || index >= this.size) throw new RangeError(`index ${index} out of range`);
    if (index === this.size - 1) return new PersistentList(this.size, this.shift, this.root, this.tail, value);
    const offset = this.tailOffset;
    if (index >= offset) {
      const tail = this.tail.slice();
      tail[index - offset] = value;
      return new PersistentList(this.size, this.shift, this.root, tail, this.lastItem);
    }
    return new PersistentList(this.size, this.shift, setIn(this.shift, this.root, index, value), this.tail, this.lastItem);
  }

  /** A plain array of the items, built once per version (O(n)); use `get` on hot paths. */
  toArray(): readonly T[] {
    if (!this.cachedArray) {
      const out: T[] = new Array(this.size);
      let i = 0;
      for (const item of this) out[i++] = item;
      this.cachedArray = out;
    }
    return this.cachedArray;
  }

  *[Symbol.iterator](): Iterator<T> {
    if (this.size === 0) return;
    const offset = this.tailOffset;
    for (let start = 0; start < offset; start += WIDTH) {
      yield* this.leafFor(start);
    }
    yield* this.tail;
    yield this.lastItem;
  }

  private leafFor(index: number): ReadonlyArray<T> {
    let node: Node<T> = this.root;
    for (let level = this.shift; level > 0; level -= BITS) {
      const child: Node<T> | undefined = (node as ReadonlyArray<Node<T>>)[(index >>> level) & MASK];
      // Every index before the tail has its path of nodes in the trie: a miss is a broken trie.
      if (!child) throw new RangeError(`index ${index} out of range`);
      node = child;
    }
    return node as ReadonlyArray<T>;
  }
}

function newPath<T>(shift: number, leaf: ReadonlyArray<T>): Node<T> {
  let node: Node<T> = leaf;
  for (let level = shift; level > 0; level -= BITS) node = [node];
  return node;
}

function pushLeaf<T>(shift: number, parent: ReadonlyArray<Node<T>>, index: number, leaf: ReadonlyArray<T>): ReadonlyArray<Node<T>> {
  const slot = (index >>> shift) & MASK;
  const copy = parent.slice();
  if (shift === BITS) {
    copy[slot] = leaf;
  } else {
    const child = parent[slot] as ReadonlyArray<Node<T>> | undefined;
    copy[slot] = child ? pushLeaf(shift - BITS, child, index, leaf) : newPath(shift - BITS, leaf);
  }
  return copy;
}

function setIn<T>(shift: number, node: ReadonlyArray<Node<T>>, index: number, value: T): ReadonlyArray<Node<T>> {
  const copy = node.slice() as Node<T>[];
  const slot = (index >>> shift) & MASK;
  if (shift === 0) {
    (copy as unknown as T[])[slot] = value;
  } else {
    copy[slot] = setIn(shift - BITS, copy[slot] as ReadonlyArray<Node<T>>, index, value);
  }
  return copy;
}
