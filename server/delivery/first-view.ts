import fs from 'node:fs';
import path from 'node:path';
import type { BlockEntry, Region } from '../../schemas/types/region.js';
import type { BlockDefinition } from '../../engine/runtime/block-registry.js';
import { evaluateCondition, type ConditionContext } from '../../engine/region/condition.js';
import { resolveSource, type BlockSource } from '../../engine/runtime/source.js';
import { isAllowedUrl } from '../../engine/security/url-policy.js';
import { firstPaintHtml } from '../../engine/runtime/first-paint.js';
import { firstPageSources, hasRegionChrome, type PageSource } from '../../engine/runtime/page-sources.js';
import { isPublicCall, type OwnAnswer, type OwnCallInput, type OwnPublicApi } from '../api/own-api.js';
import type { PortalFirstViewData } from '../../schemas/types/api.js';
import type { SiteDataSource } from '../../engine/http/index.js';
import { SESSION_KEYS } from '../../engine/http/session-store.js';

/**
 * What the first view of each route needs before the app asks for it, fetched ahead by the page itself: the chunks
 * (and their stylesheets) of the blocks the route shows and the pictures it leads with (the header's background, the
 * home's first carousel slide). The browser then fetches them alongside the app's own code rather than one after the
 * other. The address's hash route is not sent to the server, so index.html carries a small table of every route's
 * files, and its inline script (allowed by hash) adds the opened route's `<link>` tags as the page starts.
 */

/** One entry of Vite's build manifest (dist/client/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

export function readManifest(clientDir: string): ViteManifest | null {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return null;
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as ViteManifest;
  } catch {
    return null;
  }
}

const stripExtension = (file: string) => file.replace(/\.(?:[cm]?[jt]sx?)$/, '');

/**
 * The source module of each block type's chunk, read from its loader (`() => import('./x/X.js')`): the registry is
 * the one list of block modules, so the server reads it rather than keep a second. Paths are absolute, without
 * extension. A loader written otherwise (no literal import) is left out: its block is then simply not preloaded.
 */
export function blockModules(definitions: readonly BlockDefinition[], blocksDir: string): Map<string, string> {
  const modules = new Map<string, string>();
  for (const definition of definitions) {
    const module = loaderModule(definition.load, blocksDir);
    if (module) modules.set(definition.type, module);
  }
  return modules;
}

/** The modules block types import on demand (`onDemand`), by type. */
export function onDemandModules(definitions: readonly BlockDefinition[], blocksDir: string): Map<string, string> {
  const modules = new Map<string, string>();
  for (const definition of definitions) {
    const module = definition.onDemand && loaderModule(definition.onDemand.load, blocksDir);
    if (module) modules.set(definition.type, module);
  }
  return modules;
}

/** A loader's one module path (`() => import('./x/X.js')`), resolved and without its extension. */
function loaderModule(load: () => Promise<unknown>, blocksDir: string): string | undefined {
  // Relative as written, or root-relative once a test runner has rewritten it.
  const specifier = /['"`]((?:\.{1,2})?\/[^'"`]+)['"`]/.exec(String(load))?.[1];
  if (!specifier) return undefined;
  const file = specifier.startsWith('.')
    ? path.resolve(blocksDir, specifier)
    : fs.existsSync(path.resolve(`.${specifier}`))
      ? path.resolve(`.${specifier}`)
      : specifier;
  return stripExtension(file);
}

/**
 * The blocks of each page's first view as a visitor without a login sees them (the header's, the page's, then the
 * footer's: a short page shows the footer at once, and the app draws every block of the page together), by route.
 */
export function firstViewBlocks(region: Region): Map<string, BlockEntry[]> {
  const context: ConditionContext = {
    flags: (region.flags ?? {}) as Record<string, boolean | undefined>,
    region,
    query: {},
    session: { loggedIn: false },
  } as ConditionContext;
  const visible = (blocks: readonly BlockEntry[] | undefined) => (blocks ?? []).filter((b) => !b.when || evaluateCondition(b.when as never, context));
  const byRoute = new Map<string, BlockEntry[]>();
  for (const page of Object.values(region.pages ?? {})) {
    if (page.when && !evaluateCondition(page.when as never, context)) continue;
    const chrome = hasRegionChrome(page);
    byRoute.set(page.route, [...(chrome ? visible(region.layout?.header) : []), ...visible(page.blocks), ...(chrome ? visible(region.layout?.footer) : [])]);
  }
  return byRoute;
}

/** The hashed files a set of block types needs beyond what index.html already loads. */
export interface ChunkPreloads {
  scripts: string[];
  styles: string[];
}

/** Semi's Toast and Notification, which the notifier (engine/react/semi-notifier.ts) imports at the first message. */
const MESSAGE_WIDGETS = /(^|\/)node_modules\/@douyinfe\/semi-ui\/lib\/es\/(?:toast|notification)\//;

/** Reads the manifest once and answers which files the blocks of a page need. */
export class ChunkMap {
  private readonly byModule = new Map<string, string>();
  private readonly loadedByEntry = new Set<string>();

  constructor(
    private readonly manifest: ViteManifest,
    /** Vite's root, which the manifest's keys are relative to. */
    root: string,
    private readonly modules: Map<string, string>,
    private readonly base = '/',
  ) {
    for (const [key, chunk] of Object.entries(manifest)) this.byModule.set(stripExtension(path.resolve(root, chunk.src ?? key)), key);
    // The entry and its static imports are in index.html already (Vite writes their script and modulepreload tags).
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) this.walk(key, this.loadedByEntry);
  }

  private walk(key: string, seen: Set<string>): void {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of this.manifest[key]?.imports ?? []) this.walk(imported, seen);
  }

  /**
   * The packages the entry imports on demand (the HTTP library, which comes with the first API call): a page opened
   * with a stored login needs them at once, for its token check. Not the message widgets (Semi's Toast and
   * Notification): they come with the first message, and a page with nothing to say never fetches them.
   */
  onDemandPackages(): string[] {
    const files: string[] = [];
    for (const chunk of Object.values(this.manifest)) {
      if (!chunk.isEntry) continue;
      for (const key of chunk.dynamicImports ?? []) {
        const imported = this.manifest[key];
        const source = imported?.src ?? key;
        if (MESSAGE_WIDGETS.test(source)) continue;
        if (imported?.file.endsWith('.js') && /(^|\/)node_modules\//.test(source)) files.push(this.base + imported.file);
      }
    }
    return files;
  }

  /**
   * The chunks (and their stylesheets) of the given block types, in order, each once, none the entry loads; with
   * the code some of them import on demand (`onDemand` modules: a form drawn at once needs its fields).
   */
  forTypes(types: readonly string[], onDemand: readonly string[] = []): ChunkPreloads {
    const keys = new Set<string>();
    for (const module of [...types.map((type) => this.modules.get(type)), ...onDemand]) {
      const key = module ? this.byModule.get(module) : undefined;
      if (key) this.walk(key, keys);
    }
    const scripts: string[] = [];
    const styles = new Set<string>();
    for (const key of keys) {
      const chunk = this.manifest[key]!;
      for (const css of chunk.css ?? []) styles.add(this.base + css);
      if (this.loadedByEntry.has(key)) continue;
      if (chunk.file.endsWith('.js')) scripts.push(this.base + chunk.file);
    }
    // The entry's own stylesheets are in index.html already.
    const entryStyles = new Set([...this.loadedByEntry].flatMap((key) => (this.manifest[key]?.css ?? []).map((css) => this.base + css)));
    return { scripts, styles: [...styles].filter((s) => !entryStyles.has(s)) };
  }
}

/** A lead picture's data, when its block has a source: the server asks its own API as the browser would. */
export type SourceLoader = (source: BlockSource, region: Region) => Promise<unknown>;

/**
 * The pictures a region's first view leads with, at most `limit`, in page order: each block type that names its
 * lead picture (BlockDefinition.leadImage) is asked, with its source's data when it has one.
 */
export async function leadImages(
  region: Region,
  blocks: readonly BlockEntry[],
  registry: (type: string) => BlockDefinition | undefined,
  loadSource: SourceLoader,
  limit = 2,
): Promise<string[]> {
  const images: string[] = [];
  for (const entry of blocks) {
    if (images.length >= limit) break;
    const leadImage = registry(entry.type)?.leadImage;
    if (!leadImage) continue;
    let data: unknown;
    if (entry.source) {
      try {
        data = await loadSource(entry.source as BlockSource, region);
      } catch {
        continue;
      }
    }
    const image = leadImage({ props: (entry.props ?? {}) as Record<string, unknown>, data, region: region as unknown as Record<string, unknown> });
    if (typeof image === 'string' && image && isAllowedUrl(image) && !images.includes(image)) images.push(image);
  }
  return images;
}

/** The resolved form of a block source for the server's own call, as the browser would send it on the home. */
export function homeSource(source: BlockSource, region: Region) {
  return resolveSource(source, { query: {}, region: region as unknown as Record<string, unknown> });
}

/**
 * What each route's first view fetches ahead: `files` (chunks, stylesheets, pictures) once, and per route the
 * indexes of its files, the lead pictures first.
 */
export interface RoutePreloads {
  files: string[];
  routes: Record<string, number[]>;
  /** Routes whose page turns the header off (the first paint is hidden) or the zoom off (drawn unzoomed). */
  bare?: string[];
  unzoomed?: string[];
  /** Where the first view's answers are fetched (the address's hash appended), and the routes that have any. */
  answers?: { url: string; routes: string[] };
  /** Fetched ahead on any route when the browser holds a login (local storage `key`): what its token check needs. */
  login?: { key: string; files: number[] };
}

/**
 * The part of index.html's inline script that announces the opened route's first view: the hash route is not sent
 * to the server, so the page picks its own entry of the table as it starts, before the app's code has loaded, and
 * adds the `<link>` tags — the first picture at high priority (the largest paint on a phone, where the header's own
 * picture is narrow: both are fetched first), block chunks as `modulepreload`
 * (`crossorigin` as Vite's own, so the import reuses the fetch), their stylesheets as `preload`. A route not in
 * the table (a page not found) fetches nothing ahead. A route whose page has no header, or no zoom, marks the root
 * element (`data-first-paint`) so the first paint (engine/runtime/first-paint.ts) is hidden or drawn unzoomed.
 * A route whose blocks ask for public data fetches the answers in one request (`window.__TIANMU_FIRST_VIEW__`, a
 * promise of the envelope or null), which the app renders from (engine/http/first-view-answers.ts).
 */
export function preloadScript(table: RoutePreloads): string {
  return `(function(t){var r=(location.hash.slice(1).split('?')[0])||'/',l=t.routes[r]||[],h=document.head,n=0,a=t.answers;if(a&&a.routes.indexOf(r)>=0&&window.fetch)window.__TIANMU_FIRST_VIEW__=fetch(a.url+'&hash='+encodeURIComponent(location.hash.slice(0,2048)),{credentials:'same-origin'}).then(function(s){return s.ok?s.json():null}).catch(function(){return null});var m=(t.bare||[]).indexOf(r)>=0?'bare':(t.unzoomed||[]).indexOf(r)>=0?'unzoomed':'';if(m)document.documentElement.setAttribute('data-first-paint',m);var g=t.login;if(g)try{if(localStorage.getItem(g.key))l=l.concat(g.files)}catch(e){}l.forEach(function(i){var f=t.files[i],e=document.createElement('link');if(/\\.css$/.test(f)){e.rel='preload';e.setAttribute('as','style');e.setAttribute('crossorigin','')}else if(/\\.m?js$/.test(f)){e.rel='modulepreload';e.setAttribute('crossorigin','')}else{e.rel='preload';e.setAttribute('as','image');if(!n++)e.setAttribute('fetchpriority','high')}e.href=f;h.appendChild(e)})})(${JSON.stringify(table).replace(/</g, '\\u003c')})`;
}

export interface FirstViewOptions {
  /** The built client (its .vite/manifest.json). */
  clientDir: string;
  /** Vite's root (engine/app): the manifest's keys are relative to it. */
  root: string;
  /** The block types, as the client's registry has them. */
  definitions: readonly BlockDefinition[];
  /** Where the registry's loaders resolve from (blocks/). */
  blocksDir: string;
  loadSource: SourceLoader;
  /** How long a lead picture found from data holds (news change): 60 s. */
  imageTtlMs?: number;
  /** How long a page waits for a lead picture not yet known before it goes without: 150 ms. */
  waitMs?: number;
  /** The address of the first view's answers as the browser calls it (`/prod-api/portal/first-view`); none: not fetched ahead. */
  firstViewAnswersUrl?: string;
  /**
   * The client modules a page opened with a stored login runs at once (the session machine, for its token check),
   * without their extension; and those it runs when the region turns the live channel on (`startWebSocket`).
   */
  loginModules?: { always: string[]; liveChannel: string[] };
}

/** What index.html carries for a region's first view. */
export interface FirstView {
  /** The inline script that adds each route's preload tags (preloadScript). */
  code: string;
  /** The header as it looks before any script has run (engine/runtime/first-paint.ts); '' when it cannot be drawn. */
  firstPaint: string;
  /** The stylesheets the first paint needs, linked in the head (render-blocking, as the app's own). */
  stylesheets: string[];
  /** The first paint's pictures (the header's background), preloaded by a tag in the head: found first. */
  images: string[];
}

/**
 * The preload tags of a region's first view, for index.html. Chunks are worked out once per region; pictures that
 * come from data are asked once per `imageTtlMs` and never hold a page up longer than `waitMs`. Without a build
 * manifest (a client built elsewhere) only the pictures are announced.
 */
export function createFirstView(options: FirstViewOptions): (region: Region) => Promise<FirstView> {
  const { imageTtlMs = 60_000, waitMs = 150 } = options;
  const manifest = readManifest(options.clientDir);
  const byType = new Map(options.definitions.map((d) => [d.type, d]));
  const chunks = manifest ? new ChunkMap(manifest, options.root, blockModules(options.definitions, options.blocksDir)) : null;
  const onDemand = onDemandModules(options.definitions, options.blocksDir);
  // The on-demand code an entry's first view needs (a form drawn at once, not one behind a login).
  const onDemandFor = (blocks: readonly BlockEntry[]) =>
    blocks.flatMap((entry) => {
      const module = onDemand.get(entry.type);
      return module && byType.get(entry.type)?.onDemand?.firstView((entry.props ?? {}) as Record<string, unknown>) ? [module] : [];
    });
  const chunkCache = new WeakMap<Region, Map<string, ChunkPreloads>>();
  const paintCache = new WeakMap<Region, { firstPaint: string; stylesheets: string[]; images: string[] }>();
  const answeredCache = new WeakMap<Region, string[]>();
  // Stale while asked again: a refresh that is slow serves the pictures found last time.
  const imageCache = new WeakMap<Region, { at: number; pending: Promise<Map<string, string[]>>; known?: Map<string, string[]> }>();
  const noImages = new Map<string, string[]>();
  return async (region) => {
    const pages = firstViewBlocks(region);
    let files = chunkCache.get(region);
    if (!files) {
      files = new Map(
        [...pages].map(([route, blocks]) => [
          route,
          chunks ? chunks.forTypes([...new Set(blocks.map((b) => b.type))], [...new Set(onDemandFor(blocks))]) : { scripts: [], styles: [] },
        ]),
      );
      chunkCache.set(region, files);
    }
    let cached = imageCache.get(region);
    if (!cached || Date.now() - cached.at > imageTtlMs) {
      const previous = cached?.known;
      const lookUp = async () => {
        const found = new Map<string, string[]>();
        for (const [route, blocks] of pages) {
          // Only the pictures before any sourced block's data are free; data is asked for on the home only.
          const images = await leadImages(
            region,
            blocks,
            (type) => byType.get(type),
            route === '/' ? options.loadSource : async () => Promise.reject(new Error('not the home')),
          );
          if (images.length) found.set(route, images);
        }
        return found;
      };
      const entry: { at: number; pending: Promise<Map<string, string[]>>; known?: Map<string, string[]> } = {
        at: Date.now(),
        pending: lookUp().catch(() => previous ?? noImages),
        known: previous,
      };
      void entry.pending.then((images) => (entry.known = images));
      imageCache.set(region, (cached = entry));
    }
    let timer: NodeJS.Timeout | undefined;
    const images =
      (await Promise.race([cached.pending, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)))])) ?? cached.known ?? noImages;
    clearTimeout(timer);
    const table: RoutePreloads = { files: [], routes: {} };
    const index = new Map<string, number>();
    const at = (file: string) => {
      let i = index.get(file);
      if (i === undefined) index.set(file, (i = table.files.push(file) - 1));
      return i;
    };
    let paint = paintCache.get(region);
    if (!paint) {
      const { html: firstPaint, painted } = firstPaintHtml(region, (type) => byType.get(type));
      // The header blocks drawn: their chunks' stylesheets (the app's own are in index.html already), their pictures.
      const pictures = await leadImages(
        region,
        painted,
        (type) => byType.get(type),
        async () => undefined,
        painted.length,
      );
      const styles = chunks ? chunks.forTypes(painted.map((entry) => entry.type)).styles : [];
      paint = { firstPaint, stylesheets: firstPaint ? styles : [], images: pictures.map((image) => encodeURI(image)) };
      paintCache.set(region, paint);
    }
    for (const [route, { scripts, styles }] of files) {
      // The first paint's pictures have their own tag in the head.
      const pictures = (images.get(route) ?? []).map((image) => encodeURI(image)).filter((image) => !paint.images.includes(image));
      const list = [...pictures, ...scripts, ...styles];
      if (list.length) table.routes[route] = list.map(at);
    }
    if (options.firstViewAnswersUrl) {
      let routes = answeredCache.get(region);
      if (!routes) answeredCache.set(region, (routes = [...answeredRoutes(region, (type) => byType.get(type))]));
      if (routes.length) table.answers = { url: `${options.firstViewAnswersUrl}?region=${encodeURIComponent(region.id)}`, routes };
    }
    // A stored login's token check is the first API call: the HTTP library it needs, and the session machine that
    // makes it (with XState), come with the page, not after; so does the live channel a logged-in person's notices use.
    const loginModules = [...(options.loginModules?.always ?? []), ...(region.flags?.startWebSocket ? (options.loginModules?.liveChannel ?? []) : [])];
    const onLogin = chunks ? [...new Set([...chunks.onDemandPackages(), ...chunks.forTypes([], loginModules).scripts])] : [];
    if (onLogin.length) table.login = { key: SESSION_KEYS.token, files: onLogin.map(at) };
    if (paint.firstPaint) {
      const pages = Object.values(region.pages ?? {});
      // A console page draws its own frame, not the region's header: its first paint is bare too.
      table.bare = pages.filter((p) => !hasRegionChrome(p)).map((p) => p.route);
      table.unzoomed = pages.filter((p) => hasRegionChrome(p) && p.layout?.zoom === false).map((p) => p.route);
    }
    return { code: preloadScript(table), ...paint };
  };
}

/** Where a source's answer comes from: a public call and what it is asked with, or nothing the server may ask. */
function publicCallOf(source: PageSource, region: Region): { call: string; input: OwnCallInput } | undefined {
  const resolved = source.resolved;
  if (resolved.kind === 'siteData') {
    const site = (region.siteData as Partial<Record<string, SiteDataSource>> | undefined)?.[resolved.key];
    return site && isPublicCall(site.call) ? { call: site.call, input: site } : undefined;
  }
  return isPublicCall(resolved.call) ? { call: resolved.call, input: resolved } : undefined;
}

/** The routes whose first view, for a visitor without a login, asks for public data (ids in the query aside). */
function answeredRoutes(region: Region, definition: (type: string) => BlockDefinition | undefined): Set<string> {
  const routes = new Set<string>();
  for (const page of Object.values(region.pages ?? {})) {
    const first = firstPageSources(region, `#${page.route}`, { loggedIn: false }, definition);
    if (first?.sources.some((source) => publicCallOf(source, region))) routes.add(first.route.path);
  }
  return routes;
}

/**
 * What the blocks of the route an address opens ask for, for a visitor without a login, answered in one go from
 * this server's own API (portalFirstView): only public calls, only answers with code 200 (the app asks the rest
 * itself, and says what went wrong as it always does). The place is the address's `deptId` (a place window), else
 * the region's, as the app's session takes it; a source that names its place keeps it.
 *
 * @example
 * await answerFirstView(region, '#/pressCenter?page=2', (type) => registry.get(type), ownPublicApi(app, config));
 */
export async function answerFirstView(
  region: Region,
  hash: string,
  definition: (type: string) => BlockDefinition | undefined,
  ask: OwnPublicApi,
): Promise<PortalFirstViewData> {
  const placeInAddress = new URLSearchParams(hash.split('?')[1] ?? '').get('deptId');
  const deptId = placeInAddress || String(region.deptId);
  const answers: Record<string, OwnAnswer> = {};
  const first = firstPageSources(region, hash, { loggedIn: false }, definition);
  const unique = new Map((first?.sources ?? []).map((source) => [source.key, source]));
  await Promise.all(
    [...unique].map(async ([key, source]) => {
      const call = publicCallOf(source, region);
      if (!call) return;
      const place = source.resolved.kind === 'call' && source.resolved.deptId !== undefined ? String(source.resolved.deptId) : deptId;
      const answer = await ask(call.call, call.input, place).catch(() => undefined);
      if (answer?.code === 200) answers[key] = answer;
    }),
  );
  return { deptId, answers };
}
