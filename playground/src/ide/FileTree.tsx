import { useMemo } from 'react';

interface TreeNode {
  name: string;
  path: string;
  children: TreeNode[] | null;
}

function buildTree(paths: string[], root: string): TreeNode[] {
  const top: TreeNode = { name: root, path: root, children: [] };
  for (const path of paths) {
    if (!path.startsWith(`${root}/`)) continue;
    const parts = path.slice(root.length + 1).split('/');
    let node = top;
    parts.forEach((part, i) => {
      const isFile = i === parts.length - 1;
      const childPath = `${node.path}/${part}`;
      let child = node.children!.find((c) => c.name === part);
      if (!child) {
        child = { name: part, path: childPath, children: isFile ? null : [] };
        node.children!.push(child);
      }
      node = child;
    });
  }
  const sort = (nodes: TreeNode[]): TreeNode[] =>
    nodes
      .sort((a, b) => ((a.children === null) === (b.children === null) ? a.name.localeCompare(b.name) : a.children === null ? 1 : -1))
      .map((n) => (n.children ? { ...n, children: sort(n.children) } : n));
  return sort(top.children!);
}

export interface FileTreeProps {
  root: string;
  paths: string[];
  selected: string | null;
  /** Paths the agent wrote recently (marked until opened). */
  changed: ReadonlySet<string>;
  onSelect(path: string): void;
}

/** The workspace files; the agent's writes appear here as they happen. */
export function FileTree({ root, paths, selected, changed, onSelect }: FileTreeProps) {
  const tree = useMemo(() => buildTree(paths, root), [paths, root]);
  return (
    <nav className="pg-tree" aria-label="Workspace files">
      <p className="pg-tree__root">{root}</p>
      <TreeLevel nodes={tree} selected={selected} changed={changed} onSelect={onSelect} />
    </nav>
  );
}

function TreeLevel({ nodes, selected, changed, onSelect }: Omit<FileTreeProps, 'root' | 'paths'> & { nodes: TreeNode[] }) {
  return (
    <ul className="pg-tree__list">
      {nodes.map((node) =>
        node.children ? (
          <li key={node.path}>
            <span className="pg-tree__dir">{node.name}/</span>
            <TreeLevel nodes={node.children} selected={selected} changed={changed} onSelect={onSelect} />
          </li>
        ) : (
          <li key={node.path}>
            <button type="button" className="pg-tree__file" aria-current={selected === node.path ? 'true' : undefined} onClick={() => onSelect(node.path)}>
              {node.name}
              {changed.has(node.path) && <span className="pg-tree__changed"> (modified by the agent)</span>}
            </button>
          </li>
        ),
      )}
    </ul>
  );
}
