/** A self-signed certificate for 127.0.0.1 and localhost (openssl), valid two days: loopback tries only. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function makeSelfSignedCertificate(dir: string): Promise<{ certificate: string; key: string }> {
  const certificate = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  // An EC key: made at once, where RSA 2048 takes a noticeable moment.
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout',
    key,
    '-out',
    certificate,
  ]).catch((error: Error) => {
    throw new Error(`openssl 未能生成自签名证书（apt-get install -y openssl）：${error.message}`);
  });
  return { certificate, key };
}
