/**
 * An immutable list tuned for transcripts: append and replace-the-last-item are O(1) amortized
 * (a 32-slot tail is copied), random replace is O(log32 n), and every version shares the
 * untouched parts with the previous one. Streaming a chunk therefore never copies the thread.
 *
 * Layout: full 32-item leaves in a 32-way trie, plus a tail holding the last 1..32 items.
 */

const BITS = 5;
const WIDTH = 1 << BITS;
const MASK = WIDTH - 1;

type Node<T> = ReadonlyArray<T> | ReadonlyArray<Node<T>>;

export class PersistentList<T> implements Iterable<T> {
  static empty<T>(): PersistentList<T> {
    return new PersistentList<T>(0, BITS, [], []);
  }

  static from<T>(items: Iterable<T>): PersistentList<T> {
    let list = PersistentList.empty<T>();
    for (const item of items) list = list.push(item);
    return list;
  }

  private cachedArray: T[] | undefined;

  private constructor(
    readonly size: number,
    private readonly shift: number,
    private readonly root: ReadonlyArray<Node<T>>,
    private readonly tail: ReadonlyArray<T>,
  ) {}

  private get tailOffset(): number {
    return this.size - this.tail.length;
  }

  get(index: number): T | undefined {
    if (index < 0 || index >= this.size) return undefined;
    if (index >= this.tailOffset) return this.tail[index - this.tailOffset];
    let node: Node<T> = this.root;
    for (let level = this.shift; level > 0; level -= BITS) {
      node = (node as ReadonlyArray<Node<T>>)[(index >>> level) & MASK];
    }
    return (node as ReadonlyArray<T>)[index & MASK];
  }

  last(): T | undefined {
    return this.size === 0 ? undefined : this.tail[this.tail.length - 1];
  }

  push(value: T): PersistentList<T> {
    if (this.tail.length < WIDTH) {
      return new PersistentList(this.size + 1, this.shift, this.root, [...this.tail, value]);
    }
    // The tail is full: it becomes a leaf of the trie, and a new tail starts.
    const leaf = this.tail;
    const leafIndex = this.tailOffset;
    if (leafIndex >>> BITS >= 1 << this.shift) {
      // The trie is full at this height: grow one level.
      const newRoot = [this.root, newPath<T>(this.shift, leaf)];
      return new PersistentList(this.size + 1, this.shift + BITS, newRoot, [value]);
    }
    const newRoot = pushLeaf(this.shift, this.root, leafIndex, leaf);
    return new PersistentList(this.size + 1, this.shift, newRoot, [value]);
  }

  set(index: number, value: T): PersistentList<T> {
    if (index < 0 || index >= this.size) throw new RangeError(`index ${index} out of range`);
    if (index >= this.tailOffset) {
      const tail = this.tail.slice();
      tail[index - this.tailOffset] = value;
      return new PersistentList(this.size, this.shift, this.root, tail);
    }
    return new PersistentList(this.size, this.shift, setIn(this.shift, this.root, index, value), this.tail);
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
    const offset = this.tailOffset;
    for (let start = 0; start < offset; start += WIDTH) {
      yield* this.leafFor(start);
    }
    yield* this.tail;
  }

  private leafFor(index: number): ReadonlyArray<T> {
    let node: Node<T> = this.root;
    for (let level = this.shift; level > 0; level -= BITS) {
      node = (node as ReadonlyArray<Node<T>>)[(index >>> level) & MASK];
    }
    return node as ReadonlyArray<T>;
  }
}

function newPath<T>(shift: number, leaf: ReadonlyArray<T>): Node<T> {
  let node: Node<T> = leaf;
  for (let level = shift; level > 0; level -= BITS) node = [node];
  return node;
}

function pushLeaf<T>(
  shift: number,
  parent: ReadonlyArray<Node<T>>,
  index: number,
  leaf: ReadonlyArray<T>,
): ReadonlyArray<Node<T>> {
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
