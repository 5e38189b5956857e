/**
 * Content a hostile or compromised agent might send. Every payload tries to run script by
 * setting `window.__acpPwned`; the browser test asserts it never does and that no dangerous
 * link stays live in the DOM.
 */
import type { AgentMessageItem, TerminalState, ToolCallItem } from 'acp-react';

const PWN = 'window.__acpPwned=(window.__acpPwned||0)+1';

export const hostileMarkdown = [
  '# Hostile markdown',
  `<script>${PWN}</script>`,
  `<img src="x" onerror="${PWN}">`,
  `<a href="javascript:${PWN}">raw html link</a> <div onmouseover="${PWN}">hover me</div>`,
  `<iframe src="javascript:${PWN}"></iframe>`,
  `[javascript link](javascript:${PWN})`,
  `[JaVaScRiPt link](JaVaScRiPt:${PWN})`,
  `[encoded link](java&#x73;cript:${PWN})`,
  '[vbscript link](vbscript:msgbox(1))',
  '[data html link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[file link](file:///etc/passwd)',
  '[safe link](https://example.com/docs)',
  '![svg image](data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0iYWxlcnQoMSkiLz4=)',
  '![remote tracker](https://tracker.example.com/pixel.png)',
  '![tiny png](data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==)',
  '```html',
  `<script>${PWN}</script>`,
  '```',
].join('\n\n');

export const hostileMessage: AgentMessageItem = {
  id: 'hostile-message',
  kind: 'agent_message',
  messageId: null,
  content: [
    { type: 'text', text: hostileMarkdown },
    { type: 'resource_link', uri: `javascript:${PWN}`, name: 'evil.txt' },
    { type: 'resource_link', uri: 'data:text/html,<script>alert(1)</script>', name: 'evil.html' },
    { type: 'image', mimeType: 'image/svg+xml', data: 'PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0iYWxlcnQoMSkiLz4=' },
  ],
  text: hostileMarkdown,
};

export const hostileToolCall: ToolCallItem = {
  id: 'hostile-tool',
  kind: 'tool_call',
  toolCallId: 'evil-1',
  title: `<img src=x onerror="${PWN}"> rm -rf /`,
  name: null,
  toolKind: 'execute',
  status: 'completed',
  content: [
    { type: 'content', content: { type: 'text', text: `<script>${PWN}</script>` } },
    { type: 'terminal', terminalId: 'evil-term' },
  ],
  locations: [{ path: `/workspace/<img src=x onerror="${PWN}">.ts`, line: 1 }],
  rawInput: { command: `<script>${PWN}</script>` },
  rawOutput: { html: `<img src=x onerror="${PWN}">` },
  createdByUpdate: false,
};

export const hostileTerminal: TerminalState = {
  terminalId: 'evil-term',
  sessionId: 'hostile',
  command: 'cat',
  args: ['evil.html'],
  cwd: '/workspace',
  output: `\u001b[31m<script>${PWN}</script>\u001b[0m\n<img src=x onerror="${PWN}">\n\u001b]8;;javascript:${PWN}\u0007click\u001b]8;;\u0007\n`,
  truncated: false,
  exitStatus: { exitCode: 0, signal: null },
  released: true,
};
