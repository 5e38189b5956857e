// @vitest-environment node
/**
 * Server rendering, as Next.js prerenders a Client Component: no `window` or `document`, and the
 * markup must be a pure function of the props (Next refuses `Date.now()` during a prerender, and
 * any clock or random value read in render makes the client's hydration disagree).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { AcpProvider, AgentPanel } from '../../src/index.js';
import { useMountInSlices } from '../../src/components/shared/use-mount-in-slices.js';

function renderPanel() {
  return renderToString(
    <AcpProvider options={{ url: 'ws://127.0.0.1:9/acp', clientInfo: { name: 'ssr-test', version: '1.0.0' } }}>
      <AgentPanel cwd="/workspace" />
    </AcpProvider>,
  );
}

describe('AgentPanel on the server', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('prerenders a shell (status, prompt) without a DOM and without warnings', () => {
    expect(typeof document).toBe('undefined');
    const errors = vi.spyOn(console, 'error');
    const warnings = vi.spyOn(console, 'warn');
    const html = renderPanel();
    expect(html).toContain('data-slot="agent-panel"');
    expect(html).toMatch(/role="status"[^>]*>Not connected</);
    expect(html).toMatch(/<textarea[^>]*aria-label="Message to the agent"[^>]*disabled=""/);
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
  });

  // (React's own server renderer reads `performance.now()`, so only the wall clock and random.)
  it('reads no clock and no random source while rendering', () => {
    const clock = vi.spyOn(Date, 'now');
    const random = vi.spyOn(Math, 'random');
    renderPanel();
    expect(clock).not.toHaveBeenCalled();
    expect(random).not.toHaveBeenCalled();
  });
});

describe('parts that mount in slices, on the server', () => {
  it('all mount, whatever the clock says: the markup is a function of the props', () => {
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 50));
    function Part({ n }: { n: number }) {
      return useMountInSlices() ? <p>part {n}</p> : <p>waiting</p>;
    }
    const html = renderToString(
      <>
        {Array.from({ length: 20 }, (_, n) => (
          <Part key={n} n={n} />
        ))}
      </>,
    );
    expect(html).not.toContain('waiting');
    expect(html).toContain('part <!-- -->19');
  });
});
