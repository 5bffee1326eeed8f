import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRegionCatalog } from '../../engine/region-files/index.js';
import fs from 'node:fs';

const BROKEN = 'tests/regions/broken';
/** The region schema's description of projectCodePattern, which a pattern out of its grammar is answered with. */
const CODE_PATTERN_FORM: string = JSON.parse(fs.readFileSync('schemas/region.schema.json', 'utf8')).properties.projectCodePattern.description;
/** The theme's colour settings' descriptions, which a colour not written #rrggbb is answered with. */
const THEME: Record<string, { description: string }> = JSON.parse(fs.readFileSync('schemas/region.schema.json', 'utf8')).properties.theme.properties;

/** A problem as pinned here: where it is, its English text and suggestion. */
interface PinnedProblem {
  file: string;
  line: number;
  column: number;
  path: string;
  message: string;
  suggestion?: string;
}

/**
 * Every deliberately broken case and the exact problems it must produce — file (relative to the case folder;
 * `<case>/` stands for it inside messages), line, column, config path, message and suggestion — so any change to
 * a message or a position shows up as a diff here.
 */
const EXPECTED: Record<string, PinnedProblem[]> = {
  'bad-code-pattern': [
    {
      file: 'demo/region.yaml',
      line: 6,
      column: 21,
      path: 'projectCodePattern',
      message: `the text "{prefix}{year}/{type}-{serial:6}{serial:2}" is not in the expected form: ${CODE_PATTERN_FORM}`,
    },
  ],
  'bad-condition': [
    { file: "demo/region.yaml", line: 8, column: 15, path: "pages.home.blocks[0].when", message: "condition reads unknown flag \"homeShowLogn\"", suggestion: "flags.homeShowLogin" },
    { file: "demo/region.yaml", line: 10, column: 23, path: "pages.home.blocks[1].when.any[0]", message: "condition path \"sesion.loggedIn\" must start with flags, region, query, session", suggestion: "session.loggedIn" },
    { file: "demo/region.yaml", line: 10, column: 48, path: "pages.home.blocks[1].when.any[1].path", message: "condition reads unknown region key \"showAppImg\"", suggestion: "region.showAppImage" },
    { file: "demo/region.yaml", line: 12, column: 15, path: "pages.home.blocks[2].when.path", message: "missing required key \"path\"" },
    { file: "demo/region.yaml", line: 12, column: 17, path: "pages.home.blocks[2].when.nto", message: "unknown key \"nto\"", suggestion: "not" },
    { file: "demo/region.yaml", line: 14, column: 41, path: "tabList[0].when.not", message: "condition reads unknown flag \"notHaveJRFV\"", suggestion: "flags.notHaveJRFW" },
  ],
  'bad-props': [
    { file: "demo/region.yaml", line: 9, column: 11, path: "pages.home.blocks[0].props.titel", message: "unknown prop \"titel\"", suggestion: "title" },
    { file: "demo/region.yaml", line: 10, column: 17, path: "pages.home.blocks[0].props.rows", message: "expected a whole number, got the text \"七\"" },
    { file: "demo/region.yaml", line: 11, column: 20, path: "pages.home.blocks[0].props.variant", message: "expected one of: list, image-cards; got the text \"cards\"" },
  ],
  'bad-theme-colour': [
    { file: 'demo/region.yaml', line: 6, column: 12, path: 'theme.primary', message: `the text "green" is not in the expected form: ${THEME.primary.description}` },
    { file: 'demo/region.yaml', line: 7, column: 15, path: 'theme.headerText', message: `the text "#fff" is not in the expected form: ${THEME.headerText.description}` },
  ],
  'deployment-and-ids': [
    { file: "deployment.yaml", line: 1, column: 16, path: "defaultRegion", message: "names unknown region \"dmeo\"", suggestion: "demo" },
    { file: "deployment.yaml", line: 4, column: 21, path: "hosts[\"other.example.cn\"]", message: "names unknown region \"othre\"" },
    { file: "other/region.yaml", line: 2, column: 5, path: "id", message: "region id \"demo\" is also used by <case>/demo/region.yaml; ids must be unique" },
  ],
  'link-to-no-page': [
    { file: "demo/region.yaml", line: 5, column: 27, path: "tabList[1].router", message: "nav tab \"新闻中心\" links to \"/presCenter\", which no page declares (a visitor would meet \"page not found\"); use a page's route or add the page", suggestion: "/pressCenter" },
    { file: "demo/region.yaml", line: 8, column: 25, path: "footList[0].href", message: "footer link \"关于我们\" links to \"/aboutUs\", which no page declares (a visitor would meet \"page not found\"); use a page's route or add the page" },
  ],
  'duplicate-route': [
    { file: "demo/region.yaml", line: 8, column: 12, path: "pages.newsAgain.route", message: "route \"/pressCenter\" is already used by page \"news\"; each page needs its own route" },
  ],
  'error-in-extended': [
    { file: "_county/region.yaml", line: 2, column: 1, path: "footerUnit", message: "unknown top-level key \"footerUnit\"", suggestion: "footerUnits" },
  ],
  'error-in-pages': [
    { file: "demo/pages/home.yaml", line: 5, column: 59, path: "pages.home.blocks[0].props.summaryLength", message: "expected a number >= 10, got 5" },
    { file: "demo/pages/home.yaml", line: 8, column: 12, path: "pages.home.blocks[1].props.steps", message: "missing required key \"steps\"" },
  ],
  'extends-cycle': [
    { file: "demo/variant.yaml", line: 1, column: 10, path: "extends", message: "extends cycle: <case>/demo/region.yaml → <case>/demo/variant.yaml → <case>/demo/region.yaml" },
  ],
  // Addresses outside the URL policy (engine/security/url-policy.ts), wherever a region writes one.
  'hostile-urls': [
    { file: "demo/region.yaml", line: 3, column: 9, path: "appUrl", message: "the text \" javascript:alert(1)\" is not an allowed address: an http(s) address or a path of this site (no javascript:, data:, //host, spaces or control characters)" },
    { file: "demo/region.yaml", line: 3, column: 9, path: "appUrl", message: "the text \" javascript:alert(1)\" is not in the expected form: Download address of the mobile app (http or https). The app-qr block draws a QR code of it and shows it as a link; with it appImage is not needed." },
    { file: "demo/region.yaml", line: 4, column: 11, path: "loginImg", message: "the text \"data:image/svg+xml,<svg onload=alert(1)>\" is not an allowed address: an http(s) address or a path of this site (no javascript:, data:, //host, spaces or control characters)" },
    { file: "demo/region.yaml", line: 7, column: 24, path: "backstageUrlList[0].src", message: "the text \"JaVaScRiPt:alert(document.cookie)\" is not an allowed address: an http(s) address or a path of this site (no javascript:, data:, //host, spaces or control characters)" },
    { file: "demo/region.yaml", line: 9, column: 23, path: "footLinkList[0].url", message: "the text \"//evil.example\" is not an allowed address: an http(s) address or a path of this site (no javascript:, data:, //host, spaces or control characters)" },
    { file: "demo/region.yaml", line: 20, column: 36, path: "pages.home.blocks[0].props.groups[0].links[0].url", message: "the text \"java\\tscript:alert(1)\" is not an allowed address: an http(s) address or a path of this site (no javascript:, data:, //host, spaces or control characters)" },
    { file: "demo/region.yaml", line: 23, column: 25, path: "pages.home.blocks[1].props.image", message: "the text \"/\\\\evil.example/a.png\" is not an allowed address: an http(s) address or a path of this site (no javascript:, data:, //host, spaces or control characters)" },
    { file: "demo/region.yaml", line: 23, column: 65, path: "pages.home.blocks[1].props.href", message: "the text \"vbscript:msgbox(1)\" is not an allowed address: an http(s) address or a path of this site (no javascript:, data:, //host, spaces or control characters)" },
  ],
  'missing-extends': [
    { file: "demo/region.yaml", line: 1, column: 10, path: "extends", message: "extended file \"../../_shared/regoin.yaml\" does not exist (looked for tests/regions/broken/_shared/regoin.yaml)", suggestion: "../../_shared/region.yaml" },
  ],
  'missing-required': [
    { file: "demo/region.yaml", line: 1, column: 1, path: "lesseeId", message: "missing required key \"lesseeId\"" },
    { file: "demo/region.yaml", line: 7, column: 5, path: "pages.home.route", message: "missing required key \"route\"" },
  ],
  // The home page lives in pages/home.yaml: a key missing from region.yaml is reported against region.yaml.
  'missing-required-with-pages': [
    { file: "demo/region.yaml", line: 2, column: 1, path: "lesseeId", message: "missing required key \"lesseeId\"" },
  ],
  'misspelt-flag': [
    { file: "demo/region.yaml", line: 4, column: 3, path: "flags.homeShowLogn", message: "unknown flag \"homeShowLogn\"", suggestion: "homeShowLogin" },
  ],
  'misspelt-top-level-key': [
    { file: "demo/region.yaml", line: 3, column: 1, path: "cityNmae", message: "unknown top-level key \"cityNmae\"", suggestion: "cityName" },
  ],
  'unknown-block-type': [
    { file: "demo/region.yaml", line: 7, column: 15, path: "pages.home.blocks[0].type", message: "unknown block type \"news-carusel\" (no blocks/news-carusel/props.schema.json)", suggestion: "news-carousel" },
  ],
  'unknown-call': [
    { file: "demo/region.yaml", line: 8, column: 25, path: "pages.home.blocks[0].source.call", message: "unknown API call \"newsLists\" (see API_ROUTES in schemas/types/api.ts)", suggestion: "newsList" },
    { file: "demo/region.yaml", line: 12, column: 50, path: "pages.home.blocks[1].props.tabs[0].source.siteData", message: "expected one of: zhengcefagui, jiaoyizhinan, tudizixun, zhaoshangxiangmu, tudixinxi, yixiangzhuanchu, yixiangshorang, gongshigonggao, ziliaoxiazai, ditudaohang, xiangmuleixing; got the text \"gongshigongao\"", suggestion: "gongshigonggao" },
  ],
  'wrong-type': [
    { file: "demo/region.yaml", line: 3, column: 9, path: "deptId", message: "expected a whole number, got the text \"330127\"" },
    { file: "demo/region.yaml", line: 4, column: 11, path: "havaLink", message: "expected true or false, got the text \"是\"" },
    { file: "demo/region.yaml", line: 5, column: 11, path: "deptCode", message: "expected text, got number 330127000000; put it in quotes so YAML keeps it as text: deptCode: \"330127000000\"", suggestion: "\"330127000000\"" },
  ],
  'missing-source': [
    { file: "demo/region.yaml", line: 8, column: 9, path: "pages.home.blocks[0]", message: "block news-carousel shows data and needs a source, e.g. source: { call: newsList }" },
    { file: "demo/region.yaml", line: 14, column: 7, path: "layout.footer[0]", message: "block town-list shows data and needs a source, e.g. source: { call: townList }" },
  ],
  'yaml-syntax': [
    { file: "demo/region.yaml", line: 4, column: 1, path: "", message: "YAML syntax error: Flow map in block collection must be sufficiently indented and end with a }" },
  ],
};

function problemsOf(caseName: string): PinnedProblem[] {
  const prefix = `${BROKEN}/${caseName}/`;
  // Pinned in English, the engineers' words: positions and facts; the Chinese texts are pinned in problem-texts.test.ts.
  return loadRegionCatalog(path.resolve(BROKEN, caseName)).problems.map((p) => ({
    file: p.file.startsWith(prefix) ? p.file.slice(prefix.length) : p.file,
    line: p.line,
    column: p.column,
    path: p.path,
    message: p.english.replaceAll(prefix, '<case>/'),
    ...(p.suggestion ? { suggestion: p.suggestion } : {}),
  }));
}

describe('broken region files', () => {
  it.each(Object.keys(EXPECTED))('%s reports exactly the pinned problems', (caseName) => {
    expect(problemsOf(caseName)).toEqual(EXPECTED[caseName]);
  });

  it('covers every case folder', () => {
    const folders = fs.readdirSync(BROKEN).filter((d) => !d.startsWith('_')).sort();
    expect(Object.keys(EXPECTED).sort()).toEqual(folders);
  });

  it('reports every problem of a file at once, not just the first', () => {
    expect(problemsOf('bad-condition')).toHaveLength(6);
  });

  it('points at the shared base file when the mistake is there (reached through extends), once', () => {
    const problems = problemsOf('error-in-extended');
    expect(problems.map((p) => p.file)).toEqual(['_county/region.yaml']);
  });
});
