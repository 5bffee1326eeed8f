import path from 'node:path';

/**
 * What a document attachment may be, judged by its content: PDF, Word (.doc/.docx), Excel (.xls/.xlsx) or a ZIP
 * archive. The name only chooses between kinds the bytes cannot tell apart (an OLE2 file is a .doc or an .xls); a
 * file whose bytes are none of these (a program, a web page) is refused whatever it is called.
 */

export type DocumentExt = 'pdf' | 'doc' | 'docx' | 'xls' | 'xlsx' | 'zip';

export interface DocumentKind {
  ext: DocumentExt;
  mime: string;
  /** What a visitor reads beside the link (PDF 文档, Word 文档…). */
  label: string;
}

export const DOCUMENT_KINDS: Readonly<Record<DocumentExt, DocumentKind>> = {
  pdf: { ext: 'pdf', mime: 'application/pdf', label: 'PDF 文档' },
  doc: { ext: 'doc', mime: 'application/msword', label: 'Word 文档' },
  docx: { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', label: 'Word 文档' },
  xls: { ext: 'xls', mime: 'application/vnd.ms-excel', label: 'Excel 表格' },
  xlsx: { ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', label: 'Excel 表格' },
  zip: { ext: 'zip', mime: 'application/zip', label: 'ZIP 压缩包' },
};

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_LOCAL = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const ZIP_EMPTY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const EOCD_SEARCH = 22 + 0xffff;
/** Names read from a central directory at most: enough to find an Office file's parts. */
const MAX_ENTRIES = 5000;

const startsWith = (bytes: Buffer, magic: Buffer) => bytes.length >= magic.length && bytes.subarray(0, magic.length).equals(magic);

/**
 * The entry names of a ZIP archive, from its central directory (no entry is decompressed), or undefined when the
 * directory cannot be read. Enough to tell an Office Open XML file (its `[Content_Types].xml` and `word/` or `xl/`
 * parts) from any other archive.
 */
export function zipEntryNames(bytes: Buffer): string[] | undefined {
  const from = Math.max(0, bytes.length - EOCD_SEARCH);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= from; i--) {
    if (bytes.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined;
  const count = bytes.readUInt16LE(eocd + 10);
  let at = bytes.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let n = 0; n < Math.min(count, MAX_ENTRIES); n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL_SIGNATURE) return undefined;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    if (at + 46 + nameLength > bytes.length) return undefined;
    names.push(bytes.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** An Office Open XML package's kind by its parts, or 'zip' for any other archive. */
function zipKind(bytes: Buffer): DocumentExt | undefined {
  const names = zipEntryNames(bytes);
  if (!names) return undefined;
  if (names.includes('[Content_Types].xml')) {
    if (names.some((n) => n.startsWith('word/'))) return 'docx';
    if (names.some((n) => n.startsWith('xl/'))) return 'xlsx';
  }
  return 'zip';
}

/** The extension of a file name, lower case, without the dot ('' for none). */
export const extensionOf = (name: string): string => path.posix.extname(name).slice(1).toLowerCase();

/**
 * The document's kind by its bytes (and, for an OLE2 file, by its name's extension), or undefined when it is not one
 * this portal accepts.
 */
export function sniffDocument(bytes: Buffer, fileName: string): DocumentKind | undefined {
  if (startsWith(bytes, PDF_MAGIC)) return DOCUMENT_KINDS.pdf;
  if (startsWith(bytes, OLE2_MAGIC)) {
    const ext = extensionOf(fileName);
    return ext === 'doc' || ext === 'xls' ? DOCUMENT_KINDS[ext] : undefined;
  }
  if (startsWith(bytes, ZIP_LOCAL) || startsWith(bytes, ZIP_EMPTY)) {
    const kind = zipKind(bytes);
    return kind && DOCUMENT_KINDS[kind];
  }
  return undefined;
}

/** The kind of a stored file by its type, for the label a visitor reads; undefined for a type that is not a document. */
export const documentKindOfMime = (mime: string): DocumentKind | undefined => Object.values(DOCUMENT_KINDS).find((k) => k.mime === mime);

/** The longest encoded name kept: the address around it (/image-api/doc/YYYY/MM/DD/<32 hex>/) is 60 characters. */
const MAX_ENCODED_NAME = 300;
const UNSAFE_NAME = /[\u0000-\u001f\u007f\\/:*?"<>|#%&;]/g;

/**
 * The name a document is kept and offered under: the client's name without folders, characters a path or a header
 * could misread, or leading dots, at most 80 characters, ending in the extension its content has (a .docx stays a
 * .docx; a Word file sent as 通知.zip becomes 通知.docx).
 */
export function documentName(clientName: string | undefined, kind: DocumentKind): string {
  const base = path.posix
    .basename((clientName ?? '').replace(/\\/g, '/'))
    .replace(UNSAFE_NAME, '')
    .replace(/^[.\s]+/, '')
    .trim();
  let stem = [...(extensionOf(base) ? base.slice(0, -(extensionOf(base).length + 1)) : base).trim()].slice(0, 70).join('');
  // The name is the end of the file's address, which an article or project stores (500 characters at most): a long
  // Chinese name, 9 characters a letter once encoded, is cut to fit.
  while (stem && encodeURIComponent(`${stem}.${kind.ext}`).length > MAX_ENCODED_NAME) stem = [...stem].slice(0, -1).join('');
  return `${stem.trim() || '附件'}.${kind.ext}`;
}

/**
 * Content-Disposition for a download under `name`: an ASCII fallback for old clients, and RFC 5987's filename* with
 * the name in UTF-8 so a Chinese name arrives intact.
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
