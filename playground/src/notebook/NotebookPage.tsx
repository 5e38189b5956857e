import { useMemo } from 'react';
import { readParams } from '../params.js';
import { Shell } from '../Shell.js';
import { NotebookView } from './NotebookView.js';
import { PanelsView } from './PanelsView.js';

type View = 'notebook' | 'panels';

/** `?view=panels` shows two independent panels instead of the notebook. */
function viewHref(view: View): string {
  const query = new URLSearchParams(window.location.search);
  if (view === 'panels') query.set('view', 'panels');
  else query.delete('view');
  const search = query.toString();
  return `./notebook.html${search ? `?${search}` : ''}`;
}

/**
 * The notebook page: a notebook with one agent beside it (as marimo embeds one), or, as a second
 * view, two independent panels on one page.
 */
export function NotebookPage() {
  const params = useMemo(() => readParams(), []);
  const view: View = new URLSearchParams(window.location.search).get('view') === 'panels' ? 'panels' : 'notebook';
  return (
    <Shell
      page="notebook"
      params={params}
      aside={
        <nav aria-label="Notebook views" className="pg-nav">
          <a href={viewHref('notebook')} aria-current={view === 'notebook' ? 'page' : undefined}>
            Notebook with an agent
          </a>
          <a href={viewHref('panels')} aria-current={view === 'panels' ? 'page' : undefined}>
            Two independent panels
          </a>
        </nav>
      }
    >
      {view === 'panels' ? <PanelsView params={params} /> : <NotebookView params={params} />}
    </Shell>
  );
}
