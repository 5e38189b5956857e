import { forwardRef, useId, useMemo, useRef, useState, type ComponentPropsWithoutRef, type KeyboardEvent } from 'react';
import { cx, format, useMessages } from '../shared/index.js';
import { AgentIcon } from './AgentIcon.js';
import { agentPickerMessages } from './messages.js';

/** One agent of a registry (`registry.json`'s `agents[]`), as the picker shows it. */
export interface AgentPickerAgent {
  id: string;
  name: string;
  version: string;
  description?: string;
  license?: string;
  /** An image URL (http(s) or a `data:image/` URL); anything else shows the initials. */
  icon?: string;
  /** How it is distributed: `npx`, `uvx` or `binary`. */
  distribution?: string;
  /**
   * Why it cannot be started here (a binary the launcher does not run, uvx without uv). The agent
   * stays in the list, disabled, with this reason, and choosing it does nothing.
   */
  unavailable?: string;
}

export interface AgentPickerProps extends Omit<ComponentPropsWithoutRef<'section'>, 'children' | 'onSelect'> {
  /** The agents; `null` while they load. */
  agents: AgentPickerAgent[] | null;
  /** Why they could not be loaded. */
  error?: string | null;
  /** Offered with `error`: load them again. */
  onRetry?: () => void;
  /**
   * The user chose an agent: return (or resolve with) the WebSocket URL to connect to, e.g. after a
   * bridge installed and started it. The picker shows that it is starting, the latest line given
   * to `launch.progress` (an installer's output, say), and the failure with the error's message.
   */
  onPick: (agent: AgentPickerAgent, launch: AgentPickerLaunch) => string | Promise<string>;
  /** The URL for the chosen agent is ready. */
  onConnect: (url: string, agent: AgentPickerAgent) => void;
}

/** What `onPick` gets besides the agent. */
export interface AgentPickerLaunch {
  /** Shows a line of progress under "Starting …" (the last one given wins; only the latest pick's are shown). */
  progress: (line: string) => void;
}

type Launch = { agent: AgentPickerAgent; status: 'starting'; progress?: string } | { agent: AgentPickerAgent; status: 'failed'; message: string } | null;

/**
 * A searchable list of agents (from the ACP registry, say) to start one: icon, name, version,
 * description, license and how it is distributed. A listbox: arrows, Home and End move, Enter or
 * a click chooses (not an agent marked `unavailable`, shown disabled with its reason); typing in
 * the search box filters and Down moves into the list. The host's
 * `onPick` turns the choice into a WebSocket URL; the picker shows its progress and failure.
 */
export const AgentPickerLoaded = /* @__PURE__ */ forwardRef<HTMLElement, AgentPickerProps>(function AgentPicker(
  { agents, error, onRetry, onPick, onConnect, className, ...rest },
  ref,
) {
  const m = useMessages('agentPicker', agentPickerMessages);
  const titleId = useId();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [launch, setLaunch] = useState<Launch>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const attempt = useRef(0);

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!agents || !q) return agents ?? [];
    return agents.filter((a) => `${a.name} ${a.id} ${a.description ?? ''}`.toLowerCase().includes(q));
  }, [agents, query]);
  const activeIndex = Math.min(active, Math.max(0, shown.length - 1));
  const optionId = (index: number) => `${listId}-${index}`;
  const starting = launch?.status === 'starting';

  const pick = (agent: AgentPickerAgent) => {
    if (starting || agent.unavailable) return;
    const mine = ++attempt.current;
    setLaunch({ agent, status: 'starting' });
    const progress = (line: string) => {
      if (attempt.current === mine) setLaunch((current) => (current?.status === 'starting' ? { ...current, progress: line } : current));
    };
    Promise.resolve()
      .then(() => onPick(agent, { progress }))
      .then(
        (url) => {
          if (attempt.current !== mine) return;
          setLaunch(null);
          onConnect(url, agent);
        },
        (reason: unknown) => {
          if (attempt.current !== mine) return;
          setLaunch({ agent, status: 'failed', message: reason instanceof Error ? reason.message : String(reason) });
        },
      );
  };

  const move = (event: KeyboardEvent, fromSearch: boolean) => {
    const last = shown.length - 1;
    const to: Record<string, number> = {
      ArrowDown: Math.min(last, activeIndex + (fromSearch ? 0 : 1)),
      ArrowUp: Math.max(0, activeIndex - 1),
      Home: 0,
      End: last,
    };
    if (event.key in to && shown.length > 0 && !(fromSearch && event.key !== 'ArrowDown')) {
      event.preventDefault();
      setActive(to[event.key]!);
      if (fromSearch) listRef.current?.focus();
      listRef.current?.querySelector(`#${CSS.escape(optionId(to[event.key]!))}`)?.scrollIntoView?.({ block: 'nearest' });
    } else if (event.key === 'Enter' && !fromSearch && shown[activeIndex]) {
      event.preventDefault();
      pick(shown[activeIndex]);
    }
  };

  const distribution = (kind: string | undefined) =>
    kind === 'npx' ? m.distribution_npx : kind === 'uvx' ? m.distribution_uvx : kind === 'binary' ? m.distribution_binary : kind;
  const state = error ? 'error' : agents === null ? 'loading' : shown.length === 0 ? 'empty' : 'ready';

  return (
    <section
      ref={ref}
      aria-labelledby={titleId}
      {...rest}
      className={cx('acp-agent-picker', className)}
      data-state={state}
      aria-busy={agents === null || starting}
    >
      <h2 id={titleId} className="acp-agent-picker__title" data-slot="agent-picker-title">
        {m.title}
      </h2>
      <input
        type="search"
        className="acp-agent-picker__search"
        data-slot="agent-picker-search"
        aria-label={m.search_label}
        // Only while the list is there: a reference to a missing element is invalid ARIA.
        aria-controls={state === 'ready' ? listId : undefined}
        placeholder={m.search_placeholder}
        value={query}
        disabled={!agents || agents.length === 0}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={(event) => move(event, true)}
      />
      {error ? (
        <p className="acp-agent-picker__message" role="alert" data-slot="agent-picker-error">
          {format(m.load_failed, { message: error })}{' '}
          {onRetry && (
            <button type="button" className="acp-button" onClick={onRetry}>
              {m.retry}
            </button>
          )}
        </p>
      ) : agents === null ? (
        <p className="acp-agent-picker__message" role="status" data-slot="agent-picker-loading">
          {m.loading}
        </p>
      ) : shown.length === 0 ? (
        <p className="acp-agent-picker__message" role="status" data-slot="agent-picker-empty">
          {agents.length === 0 ? m.empty : format(m.no_match, { query: query.trim() })}
        </p>
      ) : (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          tabIndex={0}
          className="acp-agent-picker__list"
          data-slot="agent-picker-list"
          aria-label={m.list_label}
          aria-activedescendant={optionId(activeIndex)}
          aria-disabled={starting || undefined}
          onKeyDown={(event) => move(event, false)}
        >
          {shown.map((agent, index) => (
            <li
              key={agent.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              aria-disabled={agent.unavailable ? true : undefined}
              className="acp-agent-picker__option"
              data-slot="agent-picker-option"
              data-state={launch?.agent.id === agent.id ? launch.status : index === activeIndex ? 'active' : 'idle'}
              onClick={() => {
                setActive(index);
                pick(agent);
              }}
            >
              <AgentIcon name={agent.name} icon={agent.icon} />
              <span className="acp-agent-picker__text">
                <span className="acp-agent-picker__name">
                  {agent.name} <span className="acp-agent-picker__version">{agent.version}</span>
                </span>
                {agent.description && <span className="acp-agent-picker__description">{agent.description}</span>}
                <span className="acp-agent-picker__meta">
                  {[distribution(agent.distribution), agent.license && format(m.license, { license: agent.license })].filter(Boolean).join(' · ')}
                </span>
                {agent.unavailable && (
                  <span className="acp-agent-picker__unavailable" data-slot="agent-picker-unavailable">
                    {format(m.unavailable, { reason: agent.unavailable })}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="acp-agent-picker__launch" role="status" data-slot="agent-picker-launch" data-status={launch?.status}>
        {launch?.status === 'starting' && format(m.starting, { agent: launch.agent.name })}
      </p>
      {launch?.status === 'starting' && launch.progress && (
        // Not a live region: an installer's lines would flood a screen reader; the status above says what happens.
        <p className="acp-agent-picker__progress" data-slot="agent-picker-progress">
          {launch.progress}
        </p>
      )}
      {launch?.status === 'failed' && (
        <p className="acp-agent-picker__message" role="alert" data-slot="agent-picker-launch-error">
          {format(m.start_failed, { agent: launch.agent.name, message: launch.message })}
        </p>
      )}
    </section>
  );
});
