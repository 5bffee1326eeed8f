import fs from 'node:fs';
import path from 'node:path';

/**
 * Where the region loader reads files from: the disk, or the disk seen through an overlay of texts not yet written
 * (the studio validates an edit exactly as CI would before it writes anything).
 */
export interface RegionFileSource {
  /** The file's text (throws as fs does when there is none). */
  read(abs: string): string;
  /** Whether a file or folder is there. */
  exists(abs: string): boolean;
  /** The names of the files in a folder (none when it is not there). */
  files(dir: string): string[];
  /** The names of the folders in a folder (none when it is not there). */
  folders(dir: string): string[];
}

function entries(dir: string): fs.Dirent[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** The files as they are on disk. */
export const diskFiles: RegionFileSource = {
  read: (abs) => fs.readFileSync(abs, 'utf8'),
  exists: (abs) => fs.existsSync(abs),
  files: (dir) =>
    entries(dir)
      .filter((e) => e.isFile())
      .map((e) => e.name),
  folders: (dir) =>
    entries(dir)
      .filter((e) => e.isDirectory())
      .map((e) => e.name),
};

/**
 * The disk with some files replaced: absolute path → new text, or null for a file taken away. A file in the overlay
 * makes its folders exist.
 *
 * @example
 * loadRegionCatalog('regions', { files: overlayFiles(new Map([[path.resolve('regions/lantian/pages/home.yaml'), text]])) })
 */
export function overlayFiles(overlay: ReadonlyMap<string, string | null>, base: RegionFileSource = diskFiles): RegionFileSource {
  const added = [...overlay].filter(([, text]) => text !== null).map(([abs]) => path.resolve(abs));
  const removed = new Set([...overlay].filter(([, text]) => text === null).map(([abs]) => path.resolve(abs)));
  const within = (dir: string) => {
    const root = path.resolve(dir);
    return added.filter((abs) => abs.startsWith(root + path.sep)).map((abs) => abs.slice(root.length + 1).split(path.sep));
  };
  return {
    read: (abs) => {
      const text = overlay.get(path.resolve(abs));
      if (typeof text === 'string') return text;
      if (removed.has(path.resolve(abs))) throw Object.assign(new Error(`ENOENT: ${abs}`), { code: 'ENOENT' });
      return base.read(abs);
    },
    exists: (abs) => {
      const full = path.resolve(abs);
      if (removed.has(full)) return false;
      return added.some((a) => a === full || a.startsWith(full + path.sep)) || base.exists(abs);
    },
    files: (dir) => {
      const names = new Set(base.files(dir).filter((name) => !removed.has(path.resolve(dir, name))));
      for (const parts of within(dir)) if (parts.length === 1) names.add(parts[0]);
      return [...names];
    },
    folders: (dir) => {
      const names = new Set(base.folders(dir));
      for (const parts of within(dir)) if (parts.length > 1) names.add(parts[0]);
      return [...names];
    },
  };
}
