import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chooseEncoding } from '../../server/delivery/compression.js';
import { seedDemo } from '../../server/seed/index.js';
import { listItems } from '../../blocks/article-list/items.js';
import { defaultBlocks } from '../../blocks/index.js';
import { blockModules } from '../../server/delivery/first-view.js';
import { SESSION_KEYS } from '../../engine/http/session-store.js';
import { startTestServer, type TestServer } from './harness.js';
import { callAs } from './listings-helpers.js';

// How the server delivers the client: hashed assets precompressed (brotli, gzip) and cached for a year, index.html
// compressed per request and always revalidated, JSON compressed for browsers that accept it. A client of its own
// in a temporary folder (text files big enough to be worth compressing), as a build would leave it.
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tianmu-client-'));
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, title: `第${i}条新闻` })))};\n`;
const STYLE = Array.from({ length: 120 }, (_, i) => `.tm-x${i} { margin: ${i}px; color: #0b5c3a; }`).join('\n');
const TEMPLATE = `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>x</title>
<script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-Ef56Gh78.css"></head><body><div id="root"></div></body></html>`;

// A build manifest as Vite writes it (keys relative to engine/app): the entry with its shared chunk, the chunks of
// four blocks of 淳安’s home and footer (two share a chunk) and one of a block no page of 淳安 shows (xinyang's board).
const MANIFEST = {
  'main.tsx': {
    file: 'assets/index-Ab12Cd34.js',
    src: 'main.tsx',
    isEntry: true,
    imports: ['_react-Zz11.js'],
    dynamicImports: [
      '../../node_modules/axios/index.js',
      '../../node_modules/@douyinfe/semi-ui/lib/es/toast/index.js',
      'preview.ts',
      '../react/session-machine.ts',
      '../react/channel-machine.ts',
    ],
    css: ['assets/index-Ef56Gh78.css'],
  },
  // The machines a stored login runs at once (the session's token check; the live channel where a region runs one).
  '../react/session-machine.ts': {
    file: 'assets/session-machine-Sm01.js',
    src: '../react/session-machine.ts',
    isDynamicEntry: true,
    imports: ['_xstate-Xs02.js', '_react-Zz11.js'],
  },
  '_xstate-Xs02.js': { file: 'assets/xstate-Xs02.js' },
  '../react/channel-machine.ts': {
    file: 'assets/realtime-channel-Rc03.js',
    src: '../react/channel-machine.ts',
    isDynamicEntry: true,
    imports: ['_xstate-Xs02.js'],
  },
  '_react-Zz11.js': { file: 'assets/react-Zz11.js' },
  // What the entry imports on demand: a package (the HTTP library, with the first call) and a file of its own.
  '../../node_modules/axios/index.js': { file: 'assets/axios-Ax88.js', src: '../../node_modules/axios/index.js', isDynamicEntry: true },
  '../../node_modules/@douyinfe/semi-ui/lib/es/toast/index.js': {
    file: 'assets/toast-To04.js',
    src: '../../node_modules/@douyinfe/semi-ui/lib/es/toast/index.js',
    isDynamicEntry: true,
  },
  'preview.ts': { file: 'assets/preview-Pv99.js', src: 'preview.ts', isDynamicEntry: true },
  '_items-Yy22.js': { file: 'assets/items-Yy22.js', imports: ['_react-Zz11.js'], css: ['assets/items-Yy22.css'] },
  '../../blocks/site-header/SiteHeader.tsx': {
    file: 'assets/SiteHeader-Hh33.js',
    src: '../../blocks/site-header/SiteHeader.tsx',
    isDynamicEntry: true,
    imports: ['_react-Zz11.js', '_items-Yy22.js'],
    css: ['assets/SiteHeader-Hh33.css'],
  },
  '../../blocks/news-carousel/NewsCarousel.tsx': {
    file: 'assets/NewsCarousel-Nn44.js',
    src: '../../blocks/news-carousel/NewsCarousel.tsx',
    isDynamicEntry: true,
    imports: ['_items-Yy22.js'],
  },
  '../../blocks/town-map/TownMap.tsx': { file: 'assets/TownMap-Tt55.js', src: '../../blocks/town-map/TownMap.tsx', isDynamicEntry: true },
  '../../blocks/site-footer/SiteFooter.tsx': { file: 'assets/SiteFooter-Ff77.js', src: '../../blocks/site-footer/SiteFooter.tsx', isDynamicEntry: true },
  // A form block, and the fields it imports on demand (rjsf): announced with a form drawn at once only.
  '../../blocks/schema-form/SchemaFormBlock.tsx': {
    file: 'assets/SchemaFormBlock-Sf10.js',
    src: '../../blocks/schema-form/SchemaFormBlock.tsx',
    isDynamicEntry: true,
    dynamicImports: ['../../blocks/schema-form/SchemaFormFields.tsx'],
  },
  '../../blocks/schema-form/SchemaFormFields.tsx': {
    file: 'assets/SchemaFormFields-Ff11.js',
    src: '../../blocks/schema-form/SchemaFormFields.tsx',
    isDynamicEntry: true,
    imports: ['_rjsf-Rj12.js'],
  },
  '_rjsf-Rj12.js': { file: 'assets/rjsf-Rj12.js' },
  '../../blocks/big-data-board/BigDataBoard.tsx': {
    file: 'assets/BigDataBoard-Bb66.js',
    src: '../../blocks/big-data-board/BigDataBoard.tsx',
    isDynamicEntry: true,
  },
};

let server: TestServer;
beforeAll(async () => {
  fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(clientDir, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(clientDir, 'index.html'), TEMPLATE);
  fs.writeFileSync(path.join(clientDir, 'assets/index-Ab12Cd34.js'), SCRIPT);
  fs.writeFileSync(path.join(clientDir, 'assets/index-Ef56Gh78.css'), STYLE);
  fs.writeFileSync(path.join(clientDir, '.vite/manifest.json'), JSON.stringify(MANIFEST));
  server = await startTestServer({ serveClient: true }, { clientDir });
  // The carousel's first slide comes from the seeded picture news.
  await seedDemo(server.db, { projects: 4, now: new Date('2026-11-20T02:00:00Z') });
  await server.reloadPlaces();
  // The first page asks for the carousel's first slide and may go without it if the answer is slow (a cold
  // database on a busy machine); the pages after it carry it.
  for (let i = 0; i < 50 && preloadsAt(decoded(await get('/')), '#/').filter((l) => l.startsWith('preload image')).length < 2; i++)
    await new Promise((r) => setTimeout(r, 100));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  server.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

/**
 * What the page fetches ahead when opened at `hash`: jsdom runs its inline script (and loads nothing), and each
 * link it added reads `rel as href [fetchpriority] [crossorigin]`.
 */
function preloadsAt(html: string, hash: string, storedToken?: string): string[] {
  const dom = new JSDOM(html, {
    url: `http://localhost/${hash}`,
    runScripts: 'dangerously',
    beforeParse: (window: Window) => (storedToken ? window.localStorage.setItem(SESSION_KEYS.token, storedToken) : undefined),
  });
  const links = [...dom.window.document.head.querySelectorAll('link[rel="preload"], link[rel="modulepreload"]')].map((l) =>
    [
      l.getAttribute('rel'),
      l.getAttribute('as') ?? 'module',
      l.getAttribute('href'),
      l.getAttribute('fetchpriority'),
      l.hasAttribute('crossorigin') ? 'crossorigin' : null,
    ]
      .filter(Boolean)
      .join(' '),
  );
  dom.window.close();
  return links;
}

/** What the page's inline script fetches as it starts, opened at `hash` (jsdom with a fetch that records and never answers). */
function fetchesAt(html: string, hash: string): string[] {
  const asked: string[] = [];
  const dom = new JSDOM(html, {
    url: `http://localhost/${hash}`,
    runScripts: 'dangerously',
    beforeParse: (window: object) => {
      (window as unknown as { fetch: (url: string) => Promise<never> }).fetch = (url: string) => {
        asked.push(url);
        return new Promise<never>(() => {});
      };
    },
  });
  const started = (dom.window as unknown as Record<string, unknown>).__TIANMU_FIRST_VIEW__;
  dom.window.close();
  expect(started === undefined).toBe(asked.length === 0);
  return asked;
}

function decoded(res: Awaited<ReturnType<typeof get>>): string {
  const encoding = res.headers['content-encoding'];
  const raw = res.rawPayload;
  if (encoding === 'br') return zlib.brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(raw).toString('utf8');
  expect(encoding).toBeUndefined();
  return raw.toString('utf8');
}

describe('hashed assets', () => {
  it('are sent brotli-compressed to a browser that accepts it, gzip to one that accepts only gzip, plain otherwise', async () => {
    for (const [accept, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      [undefined, undefined],
    ] as const) {
      const res = await get('/assets/index-Ab12Cd34.js', accept);
      expect(res.statusCode, String(accept)).toBe(200);
      expect(res.headers['content-encoding'], String(accept)).toBe(expected);
      expect(String(res.headers['content-type'])).toMatch(/javascript/);
      expect(decoded(res)).toBe(SCRIPT);
      if (expected) expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 3);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    }
    const css = await get('/assets/index-Ef56Gh78.css', 'br');
    expect(css.headers['content-encoding']).toBe('br');
    expect(String(css.headers['content-type'])).toMatch(/text\/css/);
    expect(decoded(css)).toBe(STYLE);
  });

  it('are cached for a year without revalidation, whatever the encoding', async () => {
    for (const accept of ['br', 'gzip', undefined]) {
      const res = await get('/assets/index-Ab12Cd34.js', accept);
      expect(res.headers['cache-control'], String(accept)).toBe('public, max-age=31536000, immutable');
    }
  });

  it('the build manifest is not served', async () => {
    const res = await get('/.vite/manifest.json');
    expect(res.statusCode).toBe(404);
  });
});

describe('index.html', () => {
  it('is compressed per request, revalidated every time, and keeps its CSP with the hash of the region script', async () => {
    const plain = await get('/');
    const br = await get('/', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    const html = decoded(br);
    expect(html).toBe(decoded(plain));
    expect(html).toContain('<script type="application/json" id="tm-region">{');
    const script = html.match(/<script>(window\.__TIANMU_SETTINGS__=.*?)<\/script>/)![1]!;
    const hash = crypto.createHash('sha256').update(script, 'utf8').digest('base64');
    expect(String(br.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
    const gzip = await get('/', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(html);
  });

  it('draws the header before any script (the first paint), with its stylesheet after the app’s own', async () => {
    const html = decoded(await get('/'));
    expect(html).toMatch(/<div id="root"><div class="tm-page tm-zoom tm-first-paint">.*<span class="tm-header__title">[^<]+<\/span>/);
    const sheets = [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)"/g)].map((m) => m[1]!);
    expect(sheets.some((href) => /\/assets\/SiteHeader-[\w-]+\.css$/.test(href))).toBe(true);
    expect(sheets.findIndex((href) => /SiteHeader/.test(href))).toBeGreaterThan(sheets.findIndex((href) => /\/assets\/index-/.test(href)));
  });

  it('runs the region script before the stylesheet, which would hold it (and the first view it announces) until loaded', async () => {
    const html = decoded(await get('/'));
    const script = html.indexOf('<script>window.__TIANMU_SETTINGS__=');
    expect(script).toBeGreaterThan(html.indexOf('</title>'));
    expect(script).toBeLessThan(html.indexOf('<link rel="stylesheet"'));
    expect(script).toBeLessThan(html.indexOf('<script type="module"'));
  });
});

describe('the first view announced in index.html', () => {
  it('the home fetches ahead its header picture and the first carousel slide at high priority, and the chunks and styles of its blocks the entry does not load', async () => {
    const links = preloadsAt(decoded(await get('/')), '#/');
    // The carousel's first slide: the newest picture news (category 010) as the home asks for it.
    const news = await server.app.inject({
      method: 'POST',
      url: '/prod-api/api/newsList',
      headers: server.signed(330127),
      payload: { number: '010', pageNum: 1, pageSize: 4 },
    });
    const first = listItems(news.json().data, 1)[0]!.image!;
    expect(first).toMatch(/^\/image-api\//);
    expect(links).toEqual([
      // 淳安's header background (homeBackImg) is the largest paint on a wide screen: its own tag in the head, fetched
      // first, at high priority; the carousel's slide is the largest on a phone, at high priority too.
      'preload image /image-api/demo/landscape-01.png high',
      `preload image ${first} high`,
      'modulepreload module /assets/SiteHeader-Hh33.js crossorigin',
      'modulepreload module /assets/items-Yy22.js crossorigin',
      'modulepreload module /assets/NewsCarousel-Nn44.js crossorigin',
      'modulepreload module /assets/TownMap-Tt55.js crossorigin',
      // The footer's too: the app draws every block of a page together, the footer with the rest.
      'modulepreload module /assets/SiteFooter-Ff77.js crossorigin',
      'preload style /assets/SiteHeader-Hh33.css crossorigin',
      'preload style /assets/items-Yy22.css crossorigin',
    ]);
    // The same page opened at the home with a query, or without a hash, fetches the same.
    expect(preloadsAt(decoded(await get('/')), '')).toEqual(links);
  });

  it('another route fetches ahead only its own first view: the header picture and chunks, not those of the home', async () => {
    const html = decoded(await get('/'));
    const links = preloadsAt(html, '#/pressCenter?page=2');
    expect(links[0]).toBe('preload image /image-api/demo/landscape-01.png high');
    expect(links).toContain('modulepreload module /assets/SiteHeader-Hh33.js crossorigin');
    expect(links).toContain('modulepreload module /assets/SiteFooter-Ff77.js crossorigin');
    expect(links.join('\n')).not.toMatch(/NewsCarousel|TownMap|demo\/(?!landscape-01)/);
    // An unknown address fetches nothing ahead but the first paint's picture (页面不存在 keeps the header).
    expect(preloadsAt(html, '#/no-such-page')).toEqual(['preload image /image-api/demo/landscape-01.png high']);
    // Nothing the page does not need is in the HTML as a tag: not the entry's own chunks, not a block no page shows.
    expect(html).not.toContain('react-Zz11.js');
    expect(html).not.toContain('BigDataBoard');
  });

  it('a route whose blocks show public data asks for their answers in one request as it starts, with its address', async () => {
    const html = decoded(await get('/'));
    expect(fetchesAt(html, '#/')).toEqual(['/prod-api/portal/first-view?region=chunan&hash=%23%2F']);
    expect(fetchesAt(html, '')).toEqual(['/prod-api/portal/first-view?region=chunan&hash=']);
    expect(fetchesAt(html, '#/pressCenter?page=2')).toEqual(['/prod-api/portal/first-view?region=chunan&hash=%23%2FpressCenter%3Fpage%3D2']);
    // The login page's header (the nav's places and categories) is public data too; a page no route has asks nothing.
    expect(fetchesAt(html, '#/login')).toHaveLength(1);
    expect(fetchesAt(html, '#/no-such-page')).toEqual([]);
  });

  it('the server finds the module of every block type in the registry, to match it with the build manifest', () => {
    const modules = blockModules(defaultBlocks, path.resolve('blocks'));
    expect([...modules.keys()].sort()).toEqual(defaultBlocks.map((d) => d.type).sort());
    for (const [type, module] of modules) expect(fs.existsSync(`${module}.tsx`), `${type}: ${module}`).toBe(true);
    expect(modules.get('news-list')).toBe(path.resolve('blocks/article-list/ArticleList'));
  });

  it('a page opened with a stored login fetches ahead what its token check needs (the HTTP library, the session machine, XState); a visitor’s does not', async () => {
    const html = decoded(await get('/'));
    const visitor = preloadsAt(html, '#/');
    expect(visitor.join('\n')).not.toMatch(/axios|preview|session-machine|xstate|realtime/);
    const login = ['axios-Ax88.js', 'session-machine-Sm01.js', 'xstate-Xs02.js', 'realtime-channel-Rc03.js'].map(
      (file) => `modulepreload module /assets/${file} crossorigin`,
    );
    // 淳安 runs the live channel (startWebSocket): a logged-in person's notices come over it from the start.
    expect(preloadsAt(html, '#/', 'a-stored-token')).toEqual([...visitor, ...login]);
    expect(preloadsAt(html, '#/pressCenter', 'a-stored-token')).toEqual(expect.arrayContaining(login));
    expect(preloadsAt(html, '#/no-such-page', 'a-stored-token')).toEqual(expect.arrayContaining(login));
    // 蓝田 runs none: its pages do not fetch the channel's machine.
    const lantian = preloadsAt(decoded(await get('/?region=lantian')), '#/', 'a-stored-token');
    expect(lantian).toEqual(expect.arrayContaining(login.slice(0, 3)));
    expect(lantian.join('\n')).not.toContain('realtime-channel');
    // The message widgets come with the first message: a signed-in page with nothing to say never fetches them.
    expect(preloadsAt(html, '#/', 'a-stored-token').join('\n')).not.toContain('toast');
  });

  it('a form drawn at once announces its fields’ code (rjsf); a form that asks for a login first does not', async () => {
    const html = decoded(await get('/'));
    const register = preloadsAt(html, '#/register');
    expect(register).toContain('modulepreload module /assets/SchemaFormBlock-Sf10.js crossorigin');
    expect(register).toContain('modulepreload module /assets/SchemaFormFields-Ff11.js crossorigin');
    expect(register).toContain('modulepreload module /assets/rjsf-Rj12.js crossorigin');
    // 我要转出 asks a visitor to log in before the form (requireLogin): its block's chunk only.
    const turnOut = preloadsAt(html, '#/turnOut');
    expect(turnOut).toContain('modulepreload module /assets/SchemaFormBlock-Sf10.js crossorigin');
    expect(turnOut.join('\n')).not.toMatch(/SchemaFormFields|rjsf/);
  });

  it('another region announces its own header picture', async () => {
    const links = preloadsAt(decoded(await get('/?region=shouguang')), '#/');
    expect(links[0]).toBe('preload image /image-api/demo/landscape-20.png high');
    expect(links.join('\n')).not.toContain('landscape-01.png');
  });
});

/** A place's parent in the place table, or 0 at the top. */
async function parentOf(deptId: number): Promise<number> {
  const row = await server.db.selectFrom('place').select('parentId').where('deptId', '=', deptId).executeTakeFirst();
  return Number(row?.parentId ?? 0);
}

describe('JSON', () => {
  it('is compressed for a browser that accepts it and left plain for one that does not', async () => {
    const plain = await get('/prod-api/portal/region');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/prod-api/portal/region', 'br;q=1.0, gzip;q=0.8');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers['content-type'])).toMatch(/application\/json/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(decoded(br))).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('a cached list is compressed once per encoding: each browser after the first gets the very same bytes', async () => {
    const brotli = vi.spyOn(zlib, 'brotliCompressSync');
    const gzip = vi.spyOn(zlib, 'gzipSync');
    try {
      // The place and type of a seeded project: a list with rows (the seed spreads its few projects over the demo places).
      const seeded = await server.db.selectFrom('project').select(['deptId', 'type']).limit(1).executeTakeFirstOrThrow();
      const call = ({ 1: 'invitationList', 2: 'projectList', 3: 'needProjectList' } as Record<number, string>)[seeded.type]!;
      // Asked for its whole tenant (the place's top), so the list is long enough to be compressed.
      let tenant = seeded.deptId;
      for (let up = await parentOf(tenant); up; up = await parentOf(tenant)) tenant = up;
      const list = (accept?: string) =>
        callAs(server, tenant, call, { body: { pageNum: 1, pageSize: 4 }, headers: accept ? { 'accept-encoding': accept } : {} });
      const plain = await list();
      expect(plain.statusCode).toBe(200);
      expect(plain.rawPayload.length, plain.body).toBeGreaterThan(1024);
      const first = await list('gzip, deflate, br');
      const second = await list('br');
      const third = await list('gzip');
      const fourth = await list('gzip');
      expect([first, second, third, fourth].map((r) => r.headers['content-encoding'])).toEqual(['br', 'br', 'gzip', 'gzip']);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(fourth.rawPayload.equals(third.rawPayload)).toBe(true);
      for (const res of [first, third]) expect(JSON.parse(decoded(res))).toEqual(plain.json());
      expect(brotli).toHaveBeenCalledTimes(1);
      expect(gzip).toHaveBeenCalledTimes(1);
      // A reply made afresh each time (the region) is compressed each time.
      await get('/prod-api/portal/region', 'br');
      await get('/prod-api/portal/region', 'br');
      expect(brotli).toHaveBeenCalledTimes(3);
    } finally {
      brotli.mockRestore();
      gzip.mockRestore();
    }
  });

  it('a coding the browser refuses (q=0) is not used', () => {
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('*')).toBe('gzip');
    expect(chooseEncoding(undefined)).toBeNull();
  });

  it('each Accept-Encoding is read once and remembered, the same answer every time, past the memory’s bound too', () => {
    const headers = Array.from({ length: 150 }, (_, i) => (i % 3 === 0 ? `gzip, br;q=0, x-${i}` : i % 3 === 1 ? `br, x-${i}` : `identity, x-${i}`));
    const expected = (i: number) => (i % 3 === 0 ? 'gzip' : i % 3 === 1 ? 'br' : null);
    for (let round = 0; round < 2; round++) headers.forEach((header, i) => expect(chooseEncoding(header)).toBe(expected(i)));
    expect(chooseEncoding(['gzip', 'br;q=0'])).toBe('gzip');
  });
});
