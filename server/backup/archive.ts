import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Manifest } from './manifest.js';

/**
 * A backup archive is a plain tar (readable with `tar -tf`) of two members: `manifest.json`, then the payload (a
 * pg_dump custom-format file or PGlite's gzip'd data folder, both compressed already). The manifest carries the
 * payload's size and SHA-256, so a truncated or altered archive is found before anything is restored.
 */

const BLOCK = 512;
export const MANIFEST_NAME = 'manifest.json';

/** Refusal of an archive that cannot be trusted; the message is for the operator. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

/** Sizes of 8 GiB and more (a database with years of pictures) take GNU tar's base-256 form, which tar reads. */
const OCTAL_SIZE_LIMIT = 8 ** 11;

function writeSize(h: Buffer, size: number): void {
  if (size < OCTAL_SIZE_LIMIT) {
    h.write(octal(size, 12), 124, 'ascii');
    return;
  }
  h[124] = 0x80;
  let rest = BigInt(size);
  for (let i = 135; i > 124; i--, rest >>= 8n) h[i] = Number(rest & 0xffn);
}

function readSize(h: Buffer): number {
  if (h[124] !== 0x80) return parseInt(h.toString('ascii', 124, 136).replace(/\0.*$/, '').trim(), 8);
  let size = 0n;
  for (let i = 125; i < 136; i++) size = (size << 8n) | BigInt(h[i]);
  return size <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(size) : NaN;
}

/** A ustar header for a regular file. */
function header(name: string, size: number, mtime: Date): Buffer {
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 100, 'utf8');
  h.write(octal(0o644, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  writeSize(h, size);
  h.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write('0', 156, 'ascii');
  h.write('ustar\u000000', 257, 'ascii');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(octal(sum, 7) + ' ', 148, 'ascii');
  return h;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** SHA-256 (hex) and size of a file, streamed. */
export async function fileDigest(file: string, start = 0, end?: number): Promise<{ sha256: string; bytes: number }> {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  await pipeline(fs.createReadStream(file, { start, end }), async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      hash.update(chunk);
      bytes += chunk.length;
    }
  });
  return { sha256: hash.digest('hex'), bytes };
}

/** Writes the archive to `target` from the manifest and the payload file (already digested into the manifest). */
export async function writeArchive(target: string, manifest: Manifest, payloadFile: string): Promise<void> {
  const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2), 'utf8');
  const out = fs.createWriteStream(target, { mode: 0o600 });
  const time = new Date(manifest.createdAt);
  await pipeline(async function* () {
    yield header(MANIFEST_NAME, manifestBytes.length, time);
    yield manifestBytes;
    yield padding(manifestBytes.length);
    yield header(manifest.payload.name, manifest.payload.bytes, time);
    for await (const chunk of fs.createReadStream(payloadFile)) yield chunk as Buffer;
    yield padding(manifest.payload.bytes);
    yield Buffer.alloc(BLOCK * 2);
  }, out);
  const fd = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

interface Member {
  name: string;
  size: number;
  /** Offset of the member's content in the archive. */
  offset: number;
}

function readMember(fd: number, at: number, fileSize: number, label: string): Member {
  const h = Buffer.alloc(BLOCK);
  if (at + BLOCK > fileSize || fs.readSync(fd, h, 0, BLOCK, at) !== BLOCK) throw new ArchiveError(`备份文件不完整：缺少${label}（文件可能被截断）。`);
  const stored = parseInt(h.toString('ascii', 148, 156).replace(/\0.*$/, '').trim(), 8);
  h.write('        ', 148, 'ascii');
  let sum = 0;
  for (const byte of h) sum += byte;
  if (stored !== sum || h.toString('ascii', 257, 262) !== 'ustar') throw new ArchiveError(`备份文件已损坏：${label}的文件头校验失败。`);
  const name = h.toString('utf8', 0, 100).replace(/\0.*$/s, '');
  const size = readSize(h);
  if (!Number.isSafeInteger(size) || size < 0) throw new ArchiveError(`备份文件已损坏：${label}的大小无法识别。`);
  return { name, size, offset: at + BLOCK };
}

/** Where the payload lies in a verified archive. */
export interface VerifiedArchive {
  manifest: Manifest;
  payloadOffset: number;
  payloadBytes: number;
}

function parseManifest(text: string): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ArchiveError('备份文件已损坏：清单 manifest.json 不是有效的 JSON。');
  }
  const m = value as Partial<Manifest>;
  const valid =
    m.format === 'tianmu-backup/1' &&
    (m.kind === 'pglite' || m.kind === 'postgres') &&
    Array.isArray(m.migrations) &&
    typeof m.counts === 'object' &&
    m.counts !== null &&
    typeof m.payload?.name === 'string' &&
    Number.isSafeInteger(m.payload.bytes) &&
    /^[0-9a-f]{64}$/.test(m.payload?.sha256 ?? '');
  if (!valid) throw new ArchiveError('备份文件的清单 manifest.json 缺少必要内容或版本不受支持（需要 tianmu-backup/1）。');
  return m as Manifest;
}

/**
 * Reads and checks an archive without changing anything: its manifest, the payload's size and its SHA-256. Throws
 * ArchiveError with a Chinese message saying what is wrong.
 */
export async function verifyArchive(file: string): Promise<VerifiedArchive> {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (error) {
    throw new ArchiveError(`无法读取备份文件 ${file}：${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let manifest: Manifest;
  let payload: Member;
  try {
    const fileSize = fs.fstatSync(fd).size;
    const first = readMember(fd, 0, fileSize, '清单');
    if (first.name !== MANIFEST_NAME || first.size > 64 * 1024 * 1024) throw new ArchiveError('这不是田亩的备份文件：第一个成员不是 manifest.json。');
    if (first.offset + first.size > fileSize) throw new ArchiveError('备份文件不完整：清单被截断。');
    const text = Buffer.alloc(first.size);
    fs.readSync(fd, text, 0, first.size, first.offset);
    manifest = parseManifest(text.toString('utf8'));
    payload = readMember(fd, first.offset + first.size + padding(first.size).length, fileSize, '数据库内容');
    if (payload.name !== manifest.payload.name || payload.size !== manifest.payload.bytes)
      throw new ArchiveError('备份文件已损坏：数据库内容与清单记录的名称或大小不符。');
    if (payload.offset + payload.size > fileSize)
      throw new ArchiveError(`备份文件不完整：数据库内容应为 ${payload.size} 字节，文件只有 ${fileSize - payload.offset} 字节（文件可能被截断）。`);
  } finally {
    fs.closeSync(fd);
  }
  if (payload.size > 0) {
    const { sha256 } = await fileDigest(file, payload.offset, payload.offset + payload.size - 1);
    if (sha256 !== manifest.payload.sha256) throw new ArchiveError('备份文件已损坏：数据库内容的校验和（SHA-256）与清单不符，拒绝恢复。');
  }
  return { manifest, payloadOffset: payload.offset, payloadBytes: payload.size };
}

/** The payload of a verified archive, as a stream. */
export function payloadStream(file: string, archive: VerifiedArchive): fs.ReadStream {
  return fs.createReadStream(file, { start: archive.payloadOffset, end: archive.payloadOffset + archive.payloadBytes - 1 });
}
