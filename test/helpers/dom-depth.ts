/**
 * The deepest element nesting under `root`, walked without recursion (a recursive walk would
 * overflow on the very trees the hostile-input tests build). Self-contained, so a browser test
 * can hand it to Playwright's `evaluate`, which runs its source text in the page.
 */
export function domDepth(root: Element): number {
  let deepest = 0;
  const stack: Array<[Element, number]> = [[root, 0]];
  while (stack.length) {
    const [element, level] = stack.pop()!;
    deepest = Math.max(deepest, level);
    for (const child of element.children) stack.push([child, level + 1]);
  }
  return deepest;
}
