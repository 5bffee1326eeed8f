import fs from 'node:fs';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { formatProblem, makeProblem, type Problem } from '../../engine/region/index.js';
import { loadRegionCatalog, type RegionCatalog } from '../../engine/region-files/index.js';
import { PREVIEW_EVENTS_PATH } from './index-html.js';
import type { PortalRegions } from './portal-regions.js';

/** A page of the live preview: its response stream, the region it shows and what it was last sent. */
interface Viewer {
  raw: ServerResponse;
  host: string | undefined;
  region: string | undefined;
  last?: string;
}

/** How long after the last file event the folder is read again: an editor's save is several events. */
const SETTLE_MS = 25;

/**
 * Calls `onChange` after any change in a folder tree. One non-recursive watcher per folder rather than
 * `fs.watch(dir, { recursive: true })`: on Linux, Node 20's recursive watcher follows files, and goes deaf to a file
 * an editor saves by writing a new one and renaming it over the old (a folder watcher sees the rename). Folders made
 * or removed later are picked up at the next event.
 */
export function watchTree(root: string, onChange: () => void): { close(): void } {
  const watchers = new Map<string, fs.FSWatcher>();
  const sync = () => {
    const present = new Set<string>();
    const walk = (dir: string) => {
      present.add(dir);
      let entries: fs.Dirent[] = [];
      try {
        entries = fs.readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) if (entry.isDirectory() && !entry.name.startsWith('.')) walk(path.join(dir, entry.name));
    };
    walk(root);
    for (const [dir, watcher] of watchers) {
      if (!present.has(dir)) {
        watcher.close();
        watchers.delete(dir);
      }
    }
    for (const dir of present) {
      if (watchers.has(dir)) continue;
      try {
        const watcher = fs.watch(dir, () => changed());
        watcher.on('error', () => {
          watcher.close();
          watchers.delete(dir);
        });
        watchers.set(dir, watcher);
      } catch {
        // Gone between the walk and the watch: the next event's sync settles it.
      }
    }
  };
  const changed = () => {
    sync();
    onChange();
  };
  sync();
  return {
    close() {
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

/**
 * The live preview of `npm run preview` (config.previewRegion): watches the regions folder and, on every save,
 * validates the whole catalog again and tells each open page over Server-Sent Events either its region's new config
 * (`event: region`, the page re-renders in place) or the problems (`event: problems`, an overlay on the page). While
 * a file is broken the server keeps serving the last valid config. Registered only in preview mode; separate from
 * the auction's WebSocket channel.
 */
export function registerRegionPreview(
  app: FastifyInstance,
  regions: PortalRegions,
  options: {
    dir: string;
    report?: (line: string) => void;
    /** After each valid save, before the pages hear of it (the place table follows a changed places.yaml). */
    onValid?: (catalog: RegionCatalog) => Promise<void>;
  },
): void {
  const report = options.report ?? ((line: string) => app.log.info(line));
  const viewers = new Set<Viewer>();
  let problems: Problem[] = [];

  const send = (viewer: Viewer) => {
    let event: string;
    let data: unknown;
    const region = problems.length === 0 ? regions.forRequest(viewer.host, viewer.region) : undefined;
    if (problems.length > 0) [event, data] = ['problems', problems];
    else if (region) [event, data] = ['region', region];
    else {
      [event, data] = [
        'problems',
        [
          makeProblem({
            file: path.relative(process.cwd(), options.dir) || '.',
            line: 0,
            column: 0,
            path: '',
            code: 'previewRegionMissing',
            params: { region: viewer.region ?? '', ids: regions.ids().join('、') },
          }),
        ],
      ];
    }
    const text = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    if (text === viewer.last) return;
    viewer.last = text;
    viewer.raw.write(text);
  };

  let timer: NodeJS.Timeout | undefined;
  const revalidate = async () => {
    timer = undefined;
    const started = performance.now();
    problems = regions.reload();
    if (problems.length === 0 && options.onValid) {
      try {
        await options.onValid(regions.load());
      } catch (error) {
        report(`区域配置已更新，但地点同步失败：${(error as Error).message}`);
      }
    }
    const ms = Math.round(performance.now() - started);
    if (problems.length > 0) report(`区域配置有 ${problems.length} 处错误（仍显示上一次有效的配置）：\n${problems.map((p) => formatProblem(p)).join('\n')}`);
    else report(`区域配置已更新（校验 ${ms} ms），已推送到 ${viewers.size} 个页面`);
    for (const viewer of viewers) send(viewer);
  };
  // The located read that lists problems (file:line:column) is slow the first time its parser runs; run it once now,
  // so an author's first typo shows as quickly as the next.
  loadRegionCatalog(options.dir, { precise: true });
  const watcher = watchTree(options.dir, () => {
    clearTimeout(timer);
    timer = setTimeout(() => void revalidate(), SETTLE_MS);
  });

  app.get(PREVIEW_EVENTS_PATH, (request, reply) => {
    const { region } = request.query as { region?: unknown };
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const viewer: Viewer = { raw: reply.raw, host: request.headers.host, region: typeof region === 'string' && region ? region : undefined };
    viewers.add(viewer);
    reply.raw.on('close', () => viewers.delete(viewer));
    // The state now: a page opened while a file is broken shows the overlay at once, and a save made between the
    // page's load and this connection is not missed (the page ignores a config equal to its own).
    send(viewer);
  });

  app.addHook('preClose', async () => {
    clearTimeout(timer);
    watcher.close();
    for (const viewer of viewers) viewer.raw.end();
    viewers.clear();
  });
}
