import { useEffect, useRef } from 'react';

export interface EditorPaneProps {
  path: string | null;
  content: string | undefined;
  /** 1-based line to reveal and highlight (from a tool call location). */
  line: number | null;
  /** Changed by the host when the user opened a file from elsewhere (a mention's chip): focus moves to its contents. */
  focusRequest?: number;
}

/** A read-only editor: line numbers, and the line the agent pointed at revealed and highlighted. */
export function EditorPane({ path, content, line, focusRequest = 0 }: EditorPaneProps) {
  const container = useRef<HTMLDivElement>(null);
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!line || !container.current) return;
    const target = container.current.querySelector<HTMLElement>(`[data-line="${line}"]`);
    target?.scrollIntoView({ block: 'center' });
  }, [line, path, content]);
  // After the render that shows the requested file: its contents, or the pane saying it is missing.
  useEffect(() => {
    if (focusRequest > 0) (container.current ?? section.current)?.focus();
  }, [focusRequest]);

  if (!path)
    return (
      <section ref={section} tabIndex={-1} className="pg-editor pg-editor--empty" aria-label="Editor">
        <p>Select a file, or click a location in a tool call.</p>
      </section>
    );
  const lines = (content ?? '').replace(/\n$/, '').split('\n');
  return (
    <section ref={section} tabIndex={-1} className="pg-editor" aria-label={`Editor: ${path}`}>
      <header className="pg-editor__head">
        <span className="pg-editor__path">{path}</span>
        <span className="pg-editor__badge">read-only</span>
      </header>
      {content === undefined ? (
        <p className="pg-editor__missing" role="status">
          This file does not exist in the workspace.
        </p>
      ) : (
        <div ref={container} className="pg-editor__body" tabIndex={0} aria-label={`Contents of ${path}`}>
          <pre className="pg-editor__code">
            {lines.map((text, i) => (
              <div key={i} data-line={i + 1} className="pg-editor__line" data-highlighted={line === i + 1 ? 'true' : undefined}>
                <span className="pg-editor__ln" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="pg-editor__text">{text || ' '}</span>
              </div>
            ))}
          </pre>
        </div>
      )}
    </section>
  );
}
