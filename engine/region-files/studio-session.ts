import fs from 'node:fs';
import path from 'node:path';
import { formatProblem, type Problem } from '../region/problem.js';
import { loadRegionCatalog, type RegionCatalog } from './catalog.js';
import { overlayFiles } from './file-source.js';
import { getRegionSchemas } from './schemas.js';
import { applyEdit, StudioEditError, type EditContext, type StudioEdit } from './studio-edits.js';
import { studioModel, type StudioModel } from './studio-model.js';
import { countyTowns } from './studio-lists.js';
import { PLACES_FILE } from './places.js';

/** What one applied edit changed: each file's text before and after (null: there was no file). */
interface Step {
  files: Map<string, { before: string | null; after: string | null }>;
}

/** The outcome of an edit, an undo or a redo: the new model, or why nothing was written. */
export type StudioResult = { ok: true; model: StudioModel; ms: number } | { ok: false; problems: Problem[]; message: string; model?: StudioModel };

/** How many steps back undo reaches. */
const HISTORY_LIMIT = 200;

/** A problem as a key that does not move when lines above it move. */
const problemKey = (p: Problem) => `${p.file}\0${p.path}\0${p.code}\0${formatProblem({ ...p, line: 0, column: 0 }, 'en')}`;

/**
 * One region's files being edited in the studio. Every edit is a splice of the YAML texts, validated by the same
 * loader as CI over the disk overlaid with the new texts, and written only when it brings no new problem; the texts
 * before and after are kept for undo and redo.
 */
export class StudioSession {
  readonly rootDir: string;
  readonly regionId: string;
  private readonly undoSteps: Step[] = [];
  private readonly redoSteps: Step[] = [];
  private catalog: RegionCatalog;

  constructor(rootDir: string, regionId: string) {
    this.rootDir = path.resolve(rootDir);
    this.regionId = regionId;
    this.catalog = this.load();
    if (!this.catalog.files.has(regionId)) throw new StudioEditError(`地区不存在：${regionId}`);
  }

  private load(files?: Map<string, string | null>): RegionCatalog {
    return loadRegionCatalog(this.rootDir, { precise: !files, ...(files ? { files: overlayFiles(files) } : {}) });
  }

  /** The region's folder, absolute. */
  get regionDir(): string {
    return path.dirname(path.resolve(this.catalog.files.get(this.regionId)!));
  }

  /** The region as merged from its layers. */
  private region(): Record<string, unknown> & { deptId?: number; pages?: Record<string, Record<string, unknown>> } {
    return this.catalog.regions.find((r) => r.id === this.regionId) as unknown as Record<string, unknown>;
  }

  private towns() {
    const abs = path.join(this.regionDir, PLACES_FILE);
    try {
      return countyTowns(fs.existsSync(abs) ? fs.readFileSync(abs, 'utf8') : undefined, Number(this.region().deptId));
    } catch {
      // A places.yaml that does not parse: the catalog's problems say where.
      return [];
    }
  }

  model(): StudioModel {
    const file = this.catalog.files.get(this.regionId)!;
    return {
      ...studioModel(this.catalog, this.regionId, file, this.towns()),
      history: { canUndo: this.undoSteps.length > 0, canRedo: this.redoSteps.length > 0 },
    };
  }

  private context(): EditContext {
    const regionDir = this.regionDir;
    const model = studioModel(this.catalog, this.regionId, this.catalog.files.get(this.regionId)!);
    const region = this.region();
    return {
      regionDir,
      deptId: Number(region.deptId),
      mergedList: (list) => (Array.isArray(region[list]) ? (region[list] as unknown[]) : undefined),
      read: (abs) => (fs.existsSync(abs) ? fs.readFileSync(abs, 'utf8') : undefined),
      mergedPage: (page) => region.pages?.[page],
      pageFile: (page) => {
        const found = model.pages.find((p) => p.id === page);
        return found?.editable ? path.resolve(found.file) : undefined;
      },
      blockSchema: (type) => getRegionSchemas().blockSchemas.get(type),
      siteDataKeys: model.settings.siteDataKeys,
    };
  }

  /** Applies an edit: validated over the new texts, written only when it adds no problem. */
  apply(edit: StudioEdit): StudioResult {
    const started = performance.now();
    let changed: Map<string, string>;
    try {
      changed = applyEdit(this.context(), edit);
    } catch (error) {
      if (error instanceof StudioEditError) return { ok: false, problems: [], message: error.message };
      // The splice's own errors (a file that does not parse, a list where a mapping was expected) are in English
      // for engineers: the clerk is told what to do, with the files' own problems (in Chinese) to look at.
      this.catalog = this.load();
      const problems = this.catalog.problems.filter((p) => p.file.startsWith(path.relative(process.cwd(), this.regionDir)));
      return { ok: false, problems, message: '无法修改文件：本地区的文件中有写法错误或不认识的结构，请先按问题列表在文件中修正' };
    }
    const step: Step = { files: new Map() };
    for (const [abs, after] of changed) {
      const before = fs.existsSync(abs) ? fs.readFileSync(abs, 'utf8') : null;
      if (before !== after) step.files.set(abs, { before, after });
    }
    if (step.files.size === 0) return { ok: true, model: this.model(), ms: Math.round(performance.now() - started) };
    const refused = this.check(new Map([...step.files].map(([abs, { after }]) => [abs, after])));
    if (refused) return refused;
    this.write(step, 'after');
    this.undoSteps.push(step);
    if (this.undoSteps.length > HISTORY_LIMIT) this.undoSteps.shift();
    this.redoSteps.length = 0;
    this.catalog = this.load();
    return { ok: true, model: this.model(), ms: Math.round(performance.now() - started) };
  }

  /** The problems the new texts would bring (none means they may be written). */
  private check(files: Map<string, string | null>): StudioResult | undefined {
    const before = new Set(this.catalog.problems.map(problemKey));
    let after = this.load(files).problems;
    if (after.length === 0) return undefined;
    // The fast read places nothing; read again with positions so each problem names its line.
    after = loadRegionCatalog(this.rootDir, { precise: true, files: overlayFiles(files) }).problems;
    const added = after.filter((p) => !before.has(problemKey(p)));
    if (added.length === 0) return undefined;
    return { ok: false, problems: added, message: `这次修改会带来 ${added.length} 处错误，没有保存` };
  }

  /** Undoes the last edit, when its files are still as the studio left them. */
  undo(): StudioResult {
    return this.travel(this.undoSteps, this.redoSteps, 'before', '没有可以撤销的修改');
  }

  redo(): StudioResult {
    return this.travel(this.redoSteps, this.undoSteps, 'after', '没有可以重做的修改');
  }

  private travel(from: Step[], to: Step[], side: 'before' | 'after', empty: string): StudioResult {
    const step = from.pop();
    if (!step) return { ok: false, problems: [], message: empty, model: this.model() };
    const other = side === 'before' ? 'after' : 'before';
    for (const [abs, texts] of step.files) {
      const now = fs.existsSync(abs) ? fs.readFileSync(abs, 'utf8') : null;
      if (now !== texts[other]) {
        from.length = 0;
        to.length = 0;
        this.catalog = this.load();
        const message = `${path.relative(process.cwd(), abs)} 在工作室之外被改过，无法撤销或重做（历史已清空）`;
        return { ok: false, problems: [], message, model: this.model() };
      }
    }
    const started = performance.now();
    this.write(step, side);
    to.push(step);
    this.catalog = this.load();
    return { ok: true, model: this.model(), ms: Math.round(performance.now() - started) };
  }

  /** Writes a step's texts: each file as a new one renamed over the old (a reader never sees half a file). */
  private write(step: Step, side: 'before' | 'after'): void {
    for (const [abs, texts] of step.files) {
      const text = texts[side];
      if (text === null) {
        fs.rmSync(abs, { force: true });
        continue;
      }
      fs.mkdirSync(path.dirname(abs), { recursive: true });
      const tmp = `${abs}.studio-${process.pid}.tmp`;
      fs.writeFileSync(tmp, text);
      fs.renameSync(tmp, abs);
    }
  }
}
