import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { makeSelfSignedCertificate } from '../../scripts/deploy/certificate.js';

const run = promisify(execFile);
const NGINX = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-nginx-t.'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// The file an operator copies, checked where it goes: /etc/nginx/conf.d/ under Debian's own nginx.conf (copied here,
// so nothing on the machine changes), with only what cannot exist here replaced (the certificate, the log path).
describe('deploy/nginx.conf as an operator installs it', () => {
  it('passes nginx -t in conf.d of Debian’s nginx.conf, once Debian’s welcome site is removed', async () => {
    const etc = path.join(dir, 'etc');
    fs.cpSync('/etc/nginx', etc, { recursive: true });
    fs.rmSync(path.join(etc, 'sites-enabled', 'default'), { force: true });
    const { certificate, key } = await makeSelfSignedCertificate(dir);
    const site = fs
      .readFileSync('deploy/nginx.conf', 'utf8')
      .replace('/etc/ssl/tianmu/fullchain.pem', certificate)
      .replace('/etc/ssl/tianmu/privkey.pem', key)
      .replaceAll('/var/log/nginx/', `${dir}/`);
    fs.writeFileSync(path.join(etc, 'conf.d', 'tianmu.conf'), site);
    const main = fs
      .readFileSync(path.join(etc, 'nginx.conf'), 'utf8')
      .replaceAll('/etc/nginx/', `${etc}/`)
      .replace(/^pid .*$/m, `pid ${dir}/nginx.pid;`)
      .replaceAll('/var/log/nginx/', `${dir}/`);
    fs.writeFileSync(path.join(etc, 'nginx.conf'), main);
    const { stderr } = await run(NGINX, ['-t', '-p', dir, '-c', path.join(etc, 'nginx.conf'), '-e', path.join(dir, 'error.log')]);
    expect(stderr).toContain('test is successful');
  });
});
