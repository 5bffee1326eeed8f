import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/main.js';
import { loadConfig } from '../../server/runtime/config.js';
import { pgliteDir } from '../../server/db/database.js';
import { verifyArchive } from '../../server/backup/archive.js';
import { askRunningServer, operatorFileFor } from '../../server/backup/operator.js';
import { MESSAGES } from '../../server/api/messages.js';
import { REQUEST_LIMITS_RAISED } from './harness.js';

// npm run backup beside a running PGlite server: the server holds the folder, so the command asks it, on loopback
// with the token it wrote beside its data folder. PostgreSQL needs no such path (npm run backup opens it directly;
// that is tested in backup.test.ts), so this runs on PGlite only.
describe.skipIf(Boolean(process.env.DATABASE_URL))('npm run backup while the PGlite server runs (PGlite only)', () => {
  let dataDir: string;
  let started: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-operator-'));
    const config = loadConfig(
      {},
      { dataDir, port: 0, serveClient: false, logLevel: 'silent', rateLimits: REQUEST_LIMITS_RAISED, backupDir: path.join(dataDir, 'backups') },
    );
    const log = console.log;
    console.log = () => {}; // the start banner
    started = await startServer({ config, seedWhenEmpty: false }).finally(() => (console.log = log));
  }, 120_000);
  afterAll(async () => {
    await started?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the running server takes the backup when asked with its token', async () => {
    const taken = await askRunningServer(pgliteDir(dataDir));
    expect(taken).toBeDefined();
    expect(path.dirname(taken!.file)).toBe(path.join(dataDir, 'backups'));
    const { manifest } = await verifyArchive(taken!.file);
    expect(manifest).toMatchObject({ kind: 'pglite', counts: taken!.manifest.counts });
    expect(manifest.counts.place).toBeGreaterThan(0);
    expect(fs.statSync(operatorFileFor(pgliteDir(dataDir))).mode & 0o077).toBe(0);
  });

  it('refuses a caller without the token', async () => {
    const { url } = JSON.parse(fs.readFileSync(operatorFileFor(pgliteDir(dataDir)), 'utf8')) as { url: string };
    const attempts: Array<Record<string, string>> = [{}, { 'x-tianmu-operator-token': 'guess' }];
    for (const headers of attempts) {
      const res = await fetch(url, { method: 'POST', headers });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ code: 403, msg: MESSAGES.common.forbidden });
    }
    expect(fs.readdirSync(path.join(dataDir, 'backups'))).toHaveLength(1);
  });

  it('withdraws its address when it stops', async () => {
    await started.stop();
    expect(fs.existsSync(operatorFileFor(pgliteDir(dataDir)))).toBe(false);
    expect(await askRunningServer(pgliteDir(dataDir))).toBeUndefined();
  });
});
