import type { QaCase } from '../cases.js';

const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const AXE_WORDS: Record<NonNullable<QaCase['axe']>, string> = {
  checked: 'axe 已检查（普通版与长辈版）',
  'contrast only': '同样的页面配置已在其他地区检查，本地区检查了文字对比度',
  'checked before': '本页面已检查（同一页面的其他记录）',
};

function caseHtml(c: QaCase): string {
  const status = c.failures.length ? `<p class="bad">有 ${c.failures.length} 个问题</p>` : '<p class="ok">通过</p>';
  const where = c.where ? `<p class="where"><code>${html(`${c.where.file}:${c.where.line}:${c.where.column}`)}</code></p>` : '';
  const failures = c.failures.length ? `<ul>${c.failures.map((f) => `<li>${html(f)}</li>`).join('')}</ul>` : '';
  const shots = c.screenshots
    .map(
      (s) =>
        `<a href="${html(s)}"><img src="${html(s)}" alt="${html(`${c.suite} ${c.name}${s.includes('-elder') ? '（长辈版）' : ''} 的截图`)}" loading="lazy"></a>`,
    )
    .join('');
  const axe = c.axe ? `<p class="axe">${AXE_WORDS[c.axe]}</p>` : '';
  const from = c.from ? `<p class="from">从 ${html(c.from)} 进入</p>` : '';
  return `<article class="${c.failures.length ? 'failed' : 'passed'}"><h3><code>${html(c.name)}</code></h3>${status}${where}${failures}${from}${axe}<div class="shots">${shots}</div></article>`;
}

/** A static page a reviewer opens from the CI artifacts: per region, every screen's screenshot, axe result and problems. */
export function galleryHtml(cases: readonly QaCase[], summary: { ok: boolean; seconds: number; regionsDir: string }): string {
  const suites = new Map<string, QaCase[]>();
  for (const c of cases) suites.set(c.suite, [...(suites.get(c.suite) ?? []), c]);
  const failed = cases.filter((c) => c.failures.length).length;
  const sections = [...suites]
    .map(([suite, list]) => {
      const bad = list.filter((c) => c.failures.length).length;
      const title = suite === 'validate' ? '配置校验' : `地区 ${suite}`;
      return `<section aria-labelledby="s-${html(suite)}"><h2 id="s-${html(suite)}">${html(title)}（${list.length} 项，${bad} 项有问题）</h2>${list.map(caseHtml).join('')}</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>区域配置检查报告</title>
<style>
body { font: 16px/1.6 system-ui, 'WenQuanYi Micro Hei', sans-serif; margin: 0 auto; max-width: 1200px; padding: 16px; color: #1f2329; }
h1 { font-size: 28px; } h2 { margin-top: 32px; border-bottom: 2px solid #0b5c3a; }
article { border: 1px solid #c9cdd4; border-radius: 6px; padding: 12px; margin: 12px 0; }
article.failed { border-color: #b42318; border-width: 2px; }
.bad { color: #b42318; font-weight: 700; } .ok { color: #0b5c3a; font-weight: 700; }
.shots { display: flex; gap: 12px; flex-wrap: wrap; } .shots img { max-width: 360px; border: 1px solid #c9cdd4; }
a:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>区域配置检查报告</h1>
<p>${summary.ok ? '全部通过' : `共 ${cases.length} 项，${failed} 项有问题`}。检查目录 <code>${html(summary.regionsDir)}</code>，用时 ${summary.seconds.toFixed(0)} 秒。</p>
${sections}
</main>
</body>
</html>
`;
}
