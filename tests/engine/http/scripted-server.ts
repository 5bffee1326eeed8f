import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the scripted server saw. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What the scripted server answers: a status, a JSON or raw body, an optional delay. */
export interface ScriptedAnswer {
  status?: number;
  json?: unknown;
  raw?: string | Buffer;
  contentType?: string;
  delayMs?: number;
}

/**
 * A real HTTP server on a loopback port that answers whatever the test scripts: the client under test speaks real
 * HTTP to it (headers, bodies, status codes, delays), so no adapter is mocked.
 */
export async function startScriptedServer(answer: (req: SeenRequest) => ScriptedAnswer) {
  const seen: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // CORS, so clients under jsdom (an XHR from http://localhost:3000) can reach it too; preflights are not "seen".
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('access-control-allow-headers', '*');
      res.setHeader('access-control-allow-methods', 'GET, POST, PUT, DELETE');
      if (req.method === 'OPTIONS') {
        res.writeHead(204).end();
        return;
      }
      const request: SeenRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(request);
      const a = answer(request);
      const send = () => {
        if (res.destroyed) return;
        const body = a.raw ?? JSON.stringify(a.json ?? null);
        res.writeHead(a.status ?? 200, {
          'content-type': a.contentType ?? (a.raw === undefined ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8'),
        });
        res.end(body);
      };
      if (a.delayMs) setTimeout(send, a.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/prod-api`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port that nobody listens on: bound, then released. */
export async function refusedBaseURL(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/prod-api`;
}
