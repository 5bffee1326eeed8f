import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import type { TestServer } from './harness.js';
import { startTestServerWithPlaces, TENANT_A } from './fixtures.js';

// PostgreSQL only: PGlite has no other backends to end.
describe.runIf(Boolean(process.env.DATABASE_URL))('PostgreSQL connection loss', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServerWithPlaces();
  });
  afterAll(() => server.close());

  it('an idle pooled connection ended by the database is logged, not fatal: the next request is answered', async () => {
    // Fill the pool with several idle connections.
    await Promise.all(Array.from({ length: 6 }, () => sql`SELECT pg_sleep(0.05)`.execute(server.db)));
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(server.db);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      // The pool's connections, not the dedicated LISTEN ones (they reconnect on their own and log otherwise).
      // The timeout makes pg_terminate_backend wait until each backend is gone, so the pool hears every one.
      const ended = await admin.query<{ listening: boolean }>(
        `SELECT query LIKE 'LISTEN %' AS listening, pg_terminate_backend(pid, 5000)
           FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [rows[0].name],
      );
      await admin.end();
      const pooled = ended.rows.filter((row) => !row.listening).length;
      expect(pooled).toBeGreaterThanOrEqual(2);
      // Every ended idle connection is reported once and dropped from the pool, none crashes the process.
      const reported = () => warn.mock.calls.filter(([message]) => String(message).includes('数据库空闲连接断开')).length;
      await vi.waitFor(() => expect(reported()).toBeGreaterThanOrEqual(pooled));

      // A route that reads the database on every call.
      const res = await server.app.inject({ method: 'POST', url: '/prod-api/api/helpDetail?id=99999', headers: server.signed(TENANT_A) });
      expect(res.json()).toEqual({ code: 404, msg: '帮助内容不存在或已删除' });
    } finally {
      warn.mockRestore();
    }
  });
});
