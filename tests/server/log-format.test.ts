import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logFormat, prettyStream } from '../../server/runtime/log-format.js';
import { REDACTED } from '../../server/plugins/log-redaction.js';
import { startTestServer, type TestServer } from './harness.js';

// `npm start` in a terminal writes readable lines, anything else JSON; the readable lines are made from what pino
// wrote, so a secret in a request's address is as redacted there as in the JSON.

describe('the log format', () => {
  it('is readable only when standard output is a terminal, unless LOG_FORMAT says which', () => {
    expect(logFormat(undefined, true)).toBe('pretty');
    expect(logFormat(undefined, undefined)).toBe('json');
    expect(logFormat(undefined, false)).toBe('json');
    expect(logFormat('', true)).toBe('pretty');
    expect(logFormat('auto', false)).toBe('json');
    expect(logFormat('json', true)).toBe('json');
    expect(logFormat(' Pretty ', undefined)).toBe('pretty');
    expect(logFormat('yaml', undefined)).toBe('json');
  });
});

describe('readable lines from the real server', () => {
  const text: string[] = [];
  const terminal = new Writable({
    write(chunk, _encoding, done) {
      text.push(String(chunk));
      done();
    },
  });
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ logLevel: 'info' }, { logStream: prettyStream(terminal, false) });
  });
  afterAll(() => server?.close());

  it('says the request in a line a person reads, with the token in its address redacted', async () => {
    const secret = 'tok3nSecretValue9';
    await server.app.inject({ method: 'GET', url: `/healthz?token=${secret}&region=demo` });
    const log = text.join('');
    expect(log).toMatch(/^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\] INFO/m);
    expect(log).toContain('incoming request');
    expect(log).toContain(`/healthz?token=${REDACTED}&region=demo`);
    expect(log).not.toContain(secret);
    expect(log.trimStart().startsWith('{')).toBe(false);
  });
});
