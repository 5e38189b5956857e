import { useEffect, useState, type ReactNode } from 'react';
import { pageHref, type PlaygroundParams, type Theme } from './params.js';

/** The playground frame: navigation, theme switch, and the problems with query parameters. */
export function Shell({ page, params, children, aside }: { page: 'ide' | 'notebook'; params: PlaygroundParams; children: ReactNode; aside?: ReactNode }) {
  const [theme, setTheme] = useState<Theme>(params.theme);
  useEffect(() => {
    if (theme === 'system') document.documentElement.removeAttribute('data-theme');
    else document.documentElement.setAttribute('data-theme', theme);
  }, [theme]);
  return (
    <div className="pg-shell">
      <header className="pg-header">
        <h1 className="pg-title">acp-react playground</h1>
        <nav aria-label="Pages" className="pg-nav">
          <a href={pageHref('index.html')} aria-current={page === 'ide' ? 'page' : undefined}>
            Web IDE
          </a>
          <a href={pageHref('notebook.html')} aria-current={page === 'notebook' ? 'page' : undefined}>
            Notebook
          </a>
        </nav>
        <span className="pg-agent" title={params.agentUrl}>
          {params.agentUrl === params.launcherUrl ? 'Launcher: ' : params.external ? 'Agent: ' : 'Demo agent: '}
          <code>{params.agentUrl}</code>
        </span>
        <label className="pg-theme">
          Theme{' '}
          <select value={theme} onChange={(e) => setTheme(e.target.value as Theme)}>
            <option value="system">System</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </label>
        {aside}
      </header>
      {params.problems.length > 0 && (
        <div className="pg-problems" role="alert">
          {params.problems.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      )}
      {children}
    </div>
  );
}
