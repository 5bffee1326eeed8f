import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { storedPaths, storeFileIfAbsent, type NewStoredFile } from '../pictures/stored-files.js';
import { attachmentPath, downloadFiles } from './content.js';
import { DEMO_IMAGE_FILES, demoImagePath, renderDemoImage } from './images.js';
import { DEMO_SEED, Rng } from './random.js';

/** The demo's files to store: its landscape pictures and its download attachments, by their path under the image prefix. */
export interface DemoFiles {
  pictures: NewStoredFile[];
  attachments: NewStoredFile[];
}

/**
 * The demo files that the database does not hold yet, made now (a landscape is ~20 ms of drawing): the ones stored
 * already — by an earlier seed, another instance, an import of an old data folder — are left as they are.
 */
export async function missingDemoFiles(db: Kysely<Database>): Promise<DemoFiles> {
  // The pictures' own stream of the demo seed: the same landscapes whoever draws them (the seed, a production start).
  const rng = new Rng(DEMO_SEED).fork('images');
  const pictures = DEMO_IMAGE_FILES.map((file, i) => ({ path: demoImagePath(file), make: () => renderDemoImage(rng, i) }));
  const attachments = downloadFiles().map((f) => ({ path: attachmentPath(f.file), make: () => Buffer.from(f.text, 'utf8') }));
  const stored = await storedPaths(
    db,
    [...pictures, ...attachments].map((f) => f.path),
  );
  const made = (files: Array<{ path: string; make: () => Buffer }>) => files.filter((f) => !stored.has(f.path)).map((f) => ({ path: f.path, bytes: f.make() }));
  return { pictures: made(pictures), attachments: made(attachments) };
}

/**
 * The landscape pictures the shipped region files draw (header backgrounds, banners: `/image-api/demo/…`), stored when
 * missing. A production start has no demo data, but a deployment of the shipped regions still shows their pictures; a
 * centre's own regions point at its own pictures (uploaded in the console, or `npm run pictures:import`). Returns how
 * many were stored.
 */
export async function storeStockPictures(db: Kysely<Database>): Promise<number> {
  const { pictures } = await missingDemoFiles(db);
  let stored = 0;
  for (const file of pictures) if (await storeFileIfAbsent(db, file)) stored++;
  return stored;
}
