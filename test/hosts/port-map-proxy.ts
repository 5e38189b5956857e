/**
 * The quick start connects to the demo agent's default address, ws://127.0.0.1:3031/acp, verbatim.
 * The tests cannot take port 3031 for themselves (a developer's `npm start` listens there, and
 * hosts run side by side), so Chromium is pointed at this HTTP proxy and the proxy sends
 * connections for 127.0.0.1:3031 to the port the test's own demo agent listens on. Chromium's
 * WebSocket is untouched: it opens a CONNECT tunnel and speaks WebSocket through it, byte for byte.
 *
 * Everything else on loopback passes through unchanged (plain requests forwarded, CONNECT
 * tunnelled); anything off loopback is refused, as the tests never need the network.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

export interface PortMapProxy {
  /** Chromium switches that send its traffic, loopback included, through this proxy. */
  chromiumArgs: string[];
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** `map`: `"host:port"` as the page names it → the loopback port to connect to instead. */
export async function startPortMapProxy(map: Record<string, number>): Promise<PortMapProxy> {
  const sockets = new Set<Socket | Duplex>();
  const target = (host: string, port: number): { host: string; port: number } | null => {
    if (!LOOPBACK.has(host)) return null;
    const mapped = map[`${host}:${port}`];
    return { host: host === 'localhost' ? '127.0.0.1' : host.replace(/^\[|\]$/g, ''), port: mapped ?? port };
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let url: URL;
    try {
      url = new URL(request.url ?? '');
    } catch {
      response.writeHead(400).end();
      return;
    }
    const to = target(url.hostname, Number(url.port || 80));
    if (!to) {
      response.writeHead(403, { 'content-type': 'text/plain' }).end('the host matrix proxy only reaches loopback');
      return;
    }
    const headers = { ...request.headers };
    delete headers['proxy-connection'];
    const upstream = httpRequest({ host: to.host, port: to.port, method: request.method, path: `${url.pathname}${url.search}`, headers }, (reply) => {
      response.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });

  server.on('connect', (request: IncomingMessage, client: Duplex, head: Buffer) => {
    const [, host = '', port = ''] = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(request.url ?? '') ?? [];
    const to = target(host, Number(port));
    client.on('error', () => {});
    if (!to) {
      client.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const upstream = connect(to.port, to.host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(client).add(upstream);
    const done = () => {
      sockets.delete(client);
      sockets.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    upstream.on('error', done).on('close', done);
    client.on('close', done);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    // <-loopback> removes Chromium's implicit "never proxy loopback" rule.
    chromiumArgs: [`--proxy-server=http://127.0.0.1:${port}`, '--proxy-bypass-list=<-loopback>'],
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
