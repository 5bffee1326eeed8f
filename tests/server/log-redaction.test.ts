import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from '../../server/plugins/log-redaction.js';
import { startTestServer, type TestServer } from './harness.js';
import { insertTestPlaces, TENANT_A } from './fixtures.js';
import { bearer, GOOD_PASSWORD, insertUser, latestSmsCode } from './users-helpers.js';

// No secret (password, login token, SMS code and its uuid, sign, form signature and nonce) in
// any log line. The server logs through its real logger (pino, at trace level) into a captured stream; a visitor
// logs in, opens the real-time channel with ?token=, resets a password by SMS code, and calls both signed styles.

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ logLevel: 'trace' }, { logStream: capture });
  await insertTestPlaces(server.db);
  await server.reloadPlaces();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server?.close());

/** The log as text, without the numbers of every line (time, response time, port) a 6-digit code could hide in by chance. */
function logText(): string {
  return lines
    .map((line) => {
      const entry = JSON.parse(line) as Record<string, unknown>;
      delete entry.time;
      delete entry.responseTime;
      delete entry.pid;
      const req = entry.req as Record<string, unknown> | undefined;
      if (req) delete req.remotePort;
      return JSON.stringify(entry);
    })
    .join('\n');
}

describe('the server log', () => {
  it('holds none of the secrets a visitor sent or received', async () => {
    const phone = '13700000123';
    const userId = await insertUser(server.db, { phone, password: GOOD_PASSWORD, deptId: TENANT_A });
    const secrets: Record<string, string> = { password: GOOD_PASSWORD };

    // Login: the password in the body, the sign header, the token in the answer.
    const signedHeaders = server.signed(TENANT_A);
    secrets.sign = signedHeaders.sign;
    const login = await server.app.inject({
      method: 'POST',
      url: '/prod-api/api/user/login',
      headers: signedHeaders,
      payload: { username: phone, password: GOOD_PASSWORD, loginType: 1 },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json().data.token as string;
    secrets.token = token;

    // The real-time channel over a real socket, the token in its address.
    const { port } = server.app.server.address() as AddressInfo;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/websocket/${userId}?token=${encodeURIComponent(token)}`);
    const answer = await new Promise<string>((resolve, reject) => {
      socket.once('open', () => socket.send(JSON.stringify({ type: 'heartcheck' })));
      socket.once('message', (data) => resolve(String(data)));
      socket.once('error', reject);
    });
    expect(JSON.parse(answer).type).toBe('heartcheck');
    socket.close();

    // A user call with the token, the old and new password in the query string (the route takes them there too).
    const newPassword = 'Changed#Pass77';
    const changed = await server.app.inject({
      method: 'PUT',
      url: `/prod-api/system/user/profile/updatePwd?oldPassword=${encodeURIComponent(GOOD_PASSWORD)}&newPassword=${encodeURIComponent(newPassword)}`,
      headers: bearer(token),
    });
    expect(changed.statusCode).toBe(200);
    secrets.newPassword = newPassword;

    // An SMS code sent, then checked by a password reset with the code, its uuid and the password in the query.
    expect((await server.app.inject({ method: 'POST', url: '/prod-api/getPhoneCode', payload: { platForm: 2, phone } })).statusCode).toBe(200);
    const { code, uuid } = await latestSmsCode(server.db, phone);
    const resetPassword = 'Reset#Pass88';
    const reset = await server.app.inject({
      method: 'POST',
      url: `/prod-api/updatePwdForMobile?phone=${phone}&code=${code}&uuid=${uuid}&newPassword=${encodeURIComponent(resetPassword)}`,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    Object.assign(secrets, { smsCode: code, smsUuid: uuid, resetPassword });

    // The form-signature call style: timestamp, random and signature as form fields.
    const fields = server.formSigned({ dm: '110000' });
    const form = await server.app.inject({
      method: 'POST',
      url: '/prod-api/api/index/xinwenliebiao',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(form.statusCode).toBe(200);
    Object.assign(secrets, { signature: fields.signature, random: fields.random });

    // The socket's close is logged asynchronously.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const text = logText();
    // The log did see these requests (so a clean result means redacted, not unlogged).
    expect(text).toContain(`/websocket/${userId}`);
    expect(text).toContain('/updatePwdForMobile');
    expect(text).toContain('/system/user/profile/updatePwd');
    const leaked = Object.entries(secrets)
      .filter(([, value]) => text.includes(value) || text.includes(encodeURIComponent(value)))
      .map(([name]) => name);
    if (process.env.SHOW_LOG) console.log(text);
    console.log(`log lines: ${lines.length}, secrets checked: ${Object.keys(secrets).length}, leaked: ${leaked.join(', ') || 'none'}`);
    expect(leaked).toEqual([]);
    // The demo SMS sender still says a message went out, its code masked.
    expect(text).toContain('您的验证码为******');
  });

  it('redacts secret query values and keeps the others readable', () => {
    expect(redactUrl('/x?deptCode=110000&code=123456&page=2&Token=abc&access_token=t&sign=s&random=r&%74oken=e')).toBe(
      `/x?deptCode=110000&code=${REDACTED}&page=2&Token=${REDACTED}&access_token=${REDACTED}&sign=${REDACTED}&random=${REDACTED}&%74oken=${REDACTED}`,
    );
    expect(redactUrl('/websocket/7')).toBe('/websocket/7');
    expect(redactUrl('/x?password=%E0%A4%A&keys=1')).toBe(`/x?password=${REDACTED}&keys=1`);
  });
});
