import type { Region } from '../../schemas/types/region.js';
import type { Problem } from '../region/problem.js';
import './preview.css';

const OVERLAY_ID = 'tm-preview-problems';

/** Removes the problems overlay (the files are valid again). */
function hideProblems(): void {
  document.getElementById(OVERLAY_ID)?.remove();
}

/**
 * The problems of the region files over the page, where the author looks: each as file:line:column, the path in the
 * config, the message and the did-you-mean suggestion. An alert, so a screen reader reads it out when it appears.
 */
function showProblems(problems: Problem[]): void {
  hideProblems();
  const overlay = document.createElement('section');
  overlay.id = OVERLAY_ID;
  overlay.className = 'tm-preview-problems';
  overlay.setAttribute('role', 'alert');
  overlay.setAttribute('aria-labelledby', `${OVERLAY_ID}-title`);
  const heading = document.createElement('h2');
  heading.id = `${OVERLAY_ID}-title`;
  heading.textContent = `区域配置有错误（${problems.length} 处）`;
  const note = document.createElement('p');
  note.textContent = '页面仍显示上一次有效的配置；保存改正后的文件，此提示自动消失。';
  const list = document.createElement('ol');
  // Scrollable when long: focusable so a keyboard can scroll it.
  list.tabIndex = 0;
  list.setAttribute('aria-label', '错误列表');
  for (const problem of problems) {
    const item = document.createElement('li');
    const where = document.createElement('code');
    where.className = 'tm-preview-problems__where';
    where.textContent = problem.line > 0 ? `${problem.file}:${problem.line}:${problem.column}` : problem.file;
    item.append(where);
    // Where, by name (页面“首页”第 1 个区块（新闻轮播）); the config path stays as a tooltip for engineers.
    if (problem.where || problem.path) {
      const at = document.createElement(problem.where ? 'span' : 'code');
      at.className = 'tm-preview-problems__path';
      at.textContent = problem.where ?? problem.path;
      if (problem.where && problem.path) at.title = problem.path;
      item.append(' ', at);
    }
    const message = document.createElement('span');
    message.textContent = `${problem.where || problem.path ? '：' : ' '}${problem.message}`;
    item.append(message);
    if (problem.suggestion) {
      const hint = document.createElement('span');
      hint.className = 'tm-preview-problems__hint';
      hint.textContent = `（是否应为 ${problem.suggestion}？）`;
      item.append(hint);
    }
    list.append(item);
  }
  overlay.append(heading, note, list);
  document.body.append(overlay);
}

/**
 * Follows the server's live preview events (npm run preview): a valid save brings the region's new config, handed to
 * `onRegion` unless it equals the one shown; a broken one brings its problems, shown over the page until fixed.
 * `<html data-preview="connected">` tells tests and the benchmark the page is listening.
 */
export function watchRegionPreview(eventsPath: string, onRegion: (region: Region) => void, initial: Region): EventSource {
  let shown = JSON.stringify(initial);
  const pageRegion = new URLSearchParams(window.location.search).get('region');
  const source = new EventSource(`${eventsPath}${pageRegion ? `?region=${encodeURIComponent(pageRegion)}` : ''}`);
  source.addEventListener('open', () => {
    document.documentElement.dataset.preview = 'connected';
  });
  source.addEventListener('error', () => {
    // The preview server stopped or restarted; EventSource reconnects by itself.
    document.documentElement.dataset.preview = 'disconnected';
  });
  source.addEventListener('region', (event) => {
    hideProblems();
    const text = (event as MessageEvent<string>).data;
    if (text === shown) return;
    shown = text;
    onRegion(JSON.parse(text) as Region);
  });
  source.addEventListener('problems', (event) => {
    showProblems(JSON.parse((event as MessageEvent<string>).data) as Problem[]);
  });
  return source;
}
