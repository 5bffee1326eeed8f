import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { isAllowedUrl } from '../../engine/security/url-policy.js';
import { settled, withPortalInChromium } from '../browser/portal-harness.js';

/**
 * Stored XSS and page takeover, kept closed: a corpus of stored-XSS and page-takeover payloads written straight into
 * the database of the seeded portal (as a compromised back office or a careless import would), in every field a
 * visitor's page renders from data — article title, content, attachment and cover picture; intent name and content;
 * project name, content and pictures; investment record title, content and pictures — then every page showing them
 * is rendered in Chromium. No payload may run script (a `__xss` marker, alert/confirm/prompt, any dialog), no element
 * of the content may be position:fixed or carry a style sheet, and every a[href] / img[src] of the page must pass the
 * URL policy. Prints its figures.
 */

/** HTML and text payloads: each calls __xss(name) if it ever runs. */
const HTML_PAYLOADS: Record<string, string> = {
  script: '<script>__xss("script")</script>',
  imgOnerror: '<img src=x onerror="__xss(\'img-onerror\')">',
  svgOnload: '<svg onload="__xss(\'svg-onload\')"></svg>',
  svgScript: '<svg><script>__xss("svg-script")</script></svg>',
  svgAnimate: '<svg><animate onbegin="__xss(\'svg-animate\')" attributeName="x" dur="1s"></animate></svg>',
  svgUseHref: '<svg><a xlink:href="javascript:__xss(\'svg-a\')"><text x="20" y="20">点我</text></a></svg>',
  mathMglyph: '<math><mtext><table><mglyph><style><img src=x onerror=__xss("math-mglyph")>',
  mathHref: '<math href="javascript:__xss(\'math-href\')">点我</math>',
  iframeJs: '<iframe src="javascript:__xss(\'iframe\')"></iframe>',
  iframeSrcdoc: '<iframe srcdoc="<script>parent.__xss(\'srcdoc\')</script>"></iframe>',
  object: '<object data="javascript:__xss(\'object\')"></object>',
  embed: '<embed src="javascript:__xss(\'embed\')">',
  detailsToggle: '<details open ontoggle="__xss(\'ontoggle\')">x</details>',
  inputAutofocus: '<input autofocus onfocus="__xss(\'autofocus\')">',
  videoSource: '<video><source onerror="__xss(\'video\')"></video>',
  audio: '<audio src=x onerror="__xss(\'audio\')"></audio>',
  bodyOnload: '<body onload="__xss(\'body-onload\')">',
  marquee: '<marquee onstart="__xss(\'marquee\')">x</marquee>',
  aJs: '<a href="javascript:__xss(\'a-js\')">a</a>',
  aCase: '<a href="JaVaScRiPt:__xss(\'a-case\')">a</a>',
  aSpace: '<a href=" javascript:__xss(\'a-space\')">a</a>',
  aTab: '<a href="java&#x09;script:__xss(\'a-tab\')">a</a>',
  aNewline: '<a href="java&#10;script:__xss(\'a-newline\')">a</a>',
  aEntity: '<a href="&#106;avascript:__xss(\'a-entity\')">a</a>',
  aHexEntity: '<a href="&#x6A;&#x61;vascript&colon;__xss(\'a-hex\')">a</a>',
  aComment: '<a href="javascript://%0a__xss(\'a-comment\')">a</a>',
  aData: '<a href="data:text/html,<script>__xss(1)</script>">a</a>',
  aVbscript: '<a href="vbscript:msgbox(1)">a</a>',
  aProtocolRelative: '<a href="//evil.example/">a</a>',
  aBackslash: '<a href="/\\evil.example/">a</a>',
  formAction: '<form action="javascript:__xss(\'form\')"><button>提交</button></form>',
  buttonFormaction: '<button formaction="javascript:__xss(\'formaction\')">提交</button>',
  styleTakeover:
    '<div style="position:fixed;top:0;left:0;width:100%;height:100%;z-index:99999;background:#fff"><a href="https://evil.example/login">会话已过期，请重新登录</a></div>',
  styleElement: '<style>body{background:red} .tm-detail,.tm-pdetail{position:fixed;inset:0;z-index:99999}</style>',
  styleImport: '<style>@import "https://evil.example/x.css";</style>',
  imgStyleFixed: '<img src="/x.png" style="position:fixed;inset:0;width:100vw;height:100vh">',
  classBorrow: '<div class="semi-modal-mask tm-modal" id="__TIANMU_REGION__">借用样式</div>',
  link: '<link rel="stylesheet" href="https://evil.example/x.css">',
  metaRefresh: '<meta http-equiv="refresh" content="0;url=javascript:__xss(\'meta\')">',
  base: '<base href="javascript:__xss(\'base\')//">',
  attrBreak: '"><img src=x onerror=__xss("attr-break")>',
  textareaBreak: '</textarea><script>__xss("textarea")</script>',
  noscript: '<noscript><p title="</noscript><img src=x onerror=__xss(\'noscript\')>">',
  template: '<template><img src=x onerror=__xss("template")></template>',
  mutation: '<svg></p><style><a id="</style><img src=1 onerror=__xss(\'mxss\')>">',
  clobber: '<form name="getElementById"></form><img name="cookie">',
  angular: '{{constructor.constructor(\'__xss("ng")\')()}}',
};

/** Addresses for attachment, picture and link fields. */
const URL_PAYLOADS = [
  'javascript:__xss("u-js")',
  'JaVaScRiPt:__xss("u-case")',
  ' javascript:__xss("u-space")',
  'java\tscript:__xss("u-tab")',
  'java\nscript:__xss("u-newline")',
  'javascript://%0a__xss("u-comment")',
  '\u0001javascript:__xss("u-ctrl")',
  'data:text/html,<script>__xss("u-data")</script>',
  'data:image/svg+xml,<svg onload=__xss("u-svg")>',
  'vbscript:msgbox(1)',
  '//evil.example/a.png',
  '/\\evil.example/a.png',
  '&#106;avascript:__xss("u-entity")',
  'https://evil.example/a.png"><img src=x onerror=__xss("u-break")>',
];

const htmlNames = Object.keys(HTML_PAYLOADS);
const htmlList = Object.values(HTML_PAYLOADS);
const ALL_HTML = htmlList.map((p, i) => `<p>第${i + 1}段：${p}</p>`).join('\n');
/** Rich-text containers whose content came from data. */
const CONTENT = '.tm-detail__content, .tm-pdetail__content, .tm-rdetail__content > div';

interface Audit {
  hits: string[];
  badLinks: string[];
  fixed: string[];
  foreign: string[];
}

const session = withPortalInChromium();
/** Each page to render: its route, the call that loads its data (none: a full load) and the payload×field pairs it shows. */
const pages: Array<{ route: string; call?: string; fields: number }> = [];
const figures = { pages: 0, pairs: 0, scripts: 0, dialogs: 0, badLinks: 0, fixed: 0, foreign: 0 };

async function chunanIds(table: 'article' | 'intent' | 'project' | 'investProject', count: number, where?: (q: any) => any): Promise<number[]> {
  const { db } = session.portal;
  const root = await db.selectFrom('place').select('deptId').where('deptName', '=', '淳安县').executeTakeFirstOrThrow();
  let q = db
    .selectFrom(table as 'article')
    .select('id')
    .where(sql<boolean>`dept_id IN (SELECT dept_id FROM place WHERE dept_id = ${root.deptId} OR ancestors LIKE ${`%,${root.deptId}%`})`);
  if (where) q = where(q);
  const rows = await q.orderBy('id').limit(count).execute();
  expect(rows.length, `${table}: ${count} seeded rows of 淳安县`).toBe(count);
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  const { db } = session.portal;
  // Articles: each with one HTML payload as title and content, and one hostile attachment; one more with them all.
  const articles = await chunanIds('article', htmlList.length + 1);
  for (const [i, id] of articles.entries()) {
    const last = i === htmlList.length;
    await db
      .updateTable('article')
      .set({
        title: last ? htmlList.join('') : htmlList[i],
        content: last ? ALL_HTML : htmlList[i],
        attachmentUrl: URL_PAYLOADS[i % URL_PAYLOADS.length],
        coverImg: URL_PAYLOADS[i % URL_PAYLOADS.length],
      })
      .where('id', '=', id)
      .execute();
  }
  // Picture news (the home carousel and its list): hostile cover pictures.
  const pictureNews = await chunanIds('article', 4, (q) => q.where('number', '=', '010').orderBy('logintime', 'desc'));
  for (const [i, id] of pictureNews.entries())
    await db.updateTable('article').set({ coverImg: URL_PAYLOADS[i], title: htmlList[i] }).where('id', '=', id).execute();
  const [intent] = await chunanIds('intent', 1, (q) => q.where('type', '=', 1).where('state', '=', 1));
  await db.updateTable('intent').set({ projectname: htmlList[1], content: ALL_HTML }).where('id', '=', intent).execute();
  const [project] = await chunanIds('project', 1, (q) => q.where('type', '=', 1));
  await db
    .updateTable('project')
    .set({ projectName: htmlList[2], content: ALL_HTML, imgList: JSON.stringify([...URL_PAYLOADS, '/image-api/none.png']) })
    .where('id', '=', project)
    .execute();
  const [invest] = await chunanIds('investProject', 1);
  await db
    .updateTable('investProject')
    .set({ title: htmlList[3], content: ALL_HTML, imgList: JSON.stringify(URL_PAYLOADS) })
    .where('id', '=', invest)
    .execute();

  pages.push({ route: '/', fields: 2 * pictureNews.length });
  for (const [i, id] of articles.entries())
    pages.push({ route: `/policy/detail?id=${id}`, call: 'newsDetail', fields: i === htmlList.length ? 2 * htmlList.length + 2 : 4 });
  pages.push({ route: `/announcement/detail?type=3&id=${intent}`, call: 'desiredDetail', fields: htmlList.length + 1 });
  pages.push({ route: `/tradingProject/pressCenterDetail?id=${project}`, call: 'projectDetail', fields: htmlList.length + 1 + URL_PAYLOADS.length });
  pages.push({ route: `/propertyAttractdetail?id=${invest}`, call: 'InvestListDetail', fields: htmlList.length + 1 + URL_PAYLOADS.length });
}, 60_000);

/** What the page shows after the payloads had their chance: scripts run, links and pictures off policy, takeovers. */
async function audit(page: Page): Promise<Audit> {
  return page
    .evaluate((contentSelector) => {
      const w = window as unknown as { __xssHits?: string[] };
      const describe = (e: Element) => `${e.tagName.toLowerCase()}${e.className && typeof e.className === 'string' ? `.${e.className.split(' ')[0]}` : ''}`;
      const links: string[] = [];
      for (const a of Array.from(document.querySelectorAll('a[href], area[href]'))) links.push(a.getAttribute('href') ?? '');
      const images: string[] = [];
      for (const img of Array.from(document.querySelectorAll('img[src], source[src], video[src], audio[src], iframe[src], embed[src], object[data]'))) {
        images.push(img.getAttribute('src') ?? img.getAttribute('data') ?? '');
      }
      const content = Array.from(document.querySelectorAll(contentSelector));
      const fixed: string[] = [];
      const foreign: string[] = [];
      for (const root of content) {
        for (const el of Array.from(root.querySelectorAll('*'))) {
          const position = getComputedStyle(el).position;
          if (position === 'fixed' || position === 'sticky' || position === 'absolute') fixed.push(`${describe(el)} position:${position}`);
          if (el.hasAttribute('style') || el.hasAttribute('class') || el.hasAttribute('id')) foreign.push(`${describe(el)} with style/class/id`);
          if (/^(style|link|meta|base|script|iframe|object|embed|form|input|button|textarea|select|svg|math|template|noscript)$/i.test(el.tagName))
            foreign.push(describe(el));
          for (const attr of Array.from(el.attributes)) if (/^on/i.test(attr.name)) foreign.push(`${describe(el)} ${attr.name}`);
        }
      }
      // The page is not covered: what sits in the middle of the window is the portal's, not a layer of content.
      const middle = document.elementFromPoint(innerWidth / 2, innerHeight / 2);
      if (middle && getComputedStyle(middle).position === 'fixed' && !middle.closest('.semi-portal')) fixed.push(`middle of the window: ${describe(middle)}`);
      return { hits: w.__xssHits ?? [], links, images, fixed, foreign };
    }, CONTENT)
    .then(({ hits, links, images, fixed, foreign }) => {
      const badLinks = links.filter((href) => !isAllowedUrl(href)).map((href) => `a[href=${JSON.stringify(href)}]`);
      // The portal draws two pictures itself as data: SVG (the no-picture placeholder, the app's QR code); an <img>
      // cannot run script, and none of the payloads' addresses may pass as one.
      const ownPicture = (src: string) => src.startsWith('data:image/svg+xml') && !/__xss|evil|onload/.test(decodeURIComponent(src));
      const badImages = images.filter((src) => !isAllowedUrl(src) && !ownPicture(src)).map((src) => `img[src=${JSON.stringify(src)}]`);
      return { hits, badLinks: [...badLinks, ...badImages], fixed, foreign };
    });
}

describe('stored XSS corpus rendered in Chromium', () => {
  it('runs no payload, lets no content cover the page, and every link and picture passes the URL policy', async () => {
    const started = Date.now();
    const { page } = await session.openPage({ region: 'chunan', route: '/' });
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    // Markers a payload would trip, installed before any script of every document the page loads.
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown> & { __xssHits: string[] };
      w.__xssHits = [];
      w.__xss = (name: unknown) => w.__xssHits.push(String(name));
      for (const name of ['alert', 'confirm', 'prompt']) w[name] = (m: unknown) => w.__xssHits.push(`${name}(${String(m)})`);
    });
    // The page was opened before the markers: load it again so they are armed (a goto to the same address with only
    // a hash would not load a new document).
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => typeof (window as unknown as { __xss?: unknown }).__xss)).toBe('function');
    const problems: string[] = [];
    let clicks = 0;
    for (const { route, call, fields } of pages) {
      if (call) {
        // A route change inside the page, as a visitor clicks through (much quicker than a reload); the same markers
        // stay armed. Wait for this route's own data before looking.
        const answered = page.waitForResponse((r) => r.url().includes(`/api/${call}`));
        await page.evaluate((hash) => {
          location.hash = hash;
        }, `#${route}`);
        await answered;
      } else {
        await page.goto(session.url({ region: 'chunan', route }), { waitUntil: 'domcontentloaded' });
      }
      await settled(page, 'loaded');
      // Give timers, autofocus and media errors their moment.
      await page.waitForTimeout(150);
      // A visitor clicks 下载附件: a script: address would run now (the finding). Only those are clicked, so the
      // page stays put for the next route.
      const attachment = page.locator('.tm-detail__attachment a[href]');
      if ((await attachment.count()) > 0) {
        const href = (await attachment.first().getAttribute('href')) ?? '';
        if (/^(javascript|vbscript):/i.test(href.replace(/[\u0000-\u0020]/g, ''))) {
          clicks += 1;
          await attachment
            .first()
            .click({ noWaitAfter: true, timeout: 2000 })
            .catch(() => undefined);
          await page.waitForTimeout(50);
        }
      }
      const result = await audit(page);
      // Count each page's own: the markers live as long as the document, across route changes.
      await page.evaluate(() => {
        (window as unknown as { __xssHits: string[] }).__xssHits.length = 0;
      });
      figures.pages += 1;
      figures.pairs += fields;
      figures.scripts += result.hits.length;
      figures.badLinks += result.badLinks.length;
      figures.fixed += result.fixed.length;
      figures.foreign += result.foreign.length;
      for (const p of [...result.hits.map((h) => `script ran: ${h}`), ...result.badLinks, ...result.fixed, ...result.foreign]) problems.push(`${route}: ${p}`);
      const blocks = await page.locator('[data-block]').count();
      expect(blocks, `${route} drew its blocks`).toBeGreaterThan(0);
    }
    // The corpus did reach the pages (as text or sanitised content), or the test would prove nothing. (An unclosed
    // <style> or <textarea> payload swallows what follows it, as the HTML parser does.)
    const allInOne = pages.find((p) => p.fields > 4 && p.call === 'newsDetail')!;
    await page.evaluate((hash) => {
      location.hash = hash;
    }, `#${allInOne.route}`);
    await expect.poll(() => page.locator('.tm-detail__content').textContent()).toContain('第7段');
    figures.dialogs = dialogs.length;
    console.log(
      `XSS corpus: ${htmlList.length} HTML payloads + ${URL_PAYLOADS.length} URL payloads; ${figures.pairs} payload×field renderings on ${figures.pages} pages ` +
        `(article title/content/attachment/cover, intent name/content, project name/content/pictures, investment title/content/pictures, home carousel); ` +
        `scripts run ${figures.scripts}, dialogs ${figures.dialogs}, links/pictures off policy ${figures.badLinks}, fixed/positioned content ${figures.fixed}, ` +
        `foreign elements/attributes ${figures.foreign}; script: attachments clicked ${clicks}; ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    if (problems.length) console.log(`violations (first 40):\n  ${problems.slice(0, 40).join('\n  ')}`);
    expect(problems).toEqual([]);
    expect(dialogs).toEqual([]);
    await page.context().close();
    expect(htmlNames.length).toBe(htmlList.length);
  }, 60_000);
});
