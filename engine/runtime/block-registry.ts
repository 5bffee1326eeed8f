import type { BlockSource } from './source.js';
/** What the engine hands every block. */
export interface BlockComponentProps<Props = Record<string, unknown>, Data = unknown> {
  /** The entry's `props`, already validated against the block type's schema. */
  props: Props;
  /** The data of the entry's `source` (undefined when it has none); loading, empty and error are the engine's. */
  data: Data;
  /** Position-independent id of this block on its page (the entry's `id`, else `type-index`), for aria ids. */
  blockId: string;
}

/** What a block's lead picture may be read from: its entry's props, its source's data, the region. */
export interface LeadImageContext {
  props: Record<string, unknown>;
  data: unknown;
  region: Record<string, unknown>;
}

/** What a block's first paint is drawn from: its entry's props and the region (no data, no login). */
export interface FirstPaintContext {
  props: Record<string, unknown>;
  region: Record<string, unknown>;
}

/** What a block's own sources are read from: its entry's props, the region, and whether a `when` holds here. */
export interface BlockSourcesContext {
  props: Record<string, unknown>;
  region: Record<string, unknown>;
  holds: (when: unknown) => boolean;
}

/**
 * A block type: its name, and a loader of its component so each route loads only the blocks it shows. The core
 * does not know what a component is (`Component`): the React layer says (engine/react/block-types.ts), and the
 * server reads only the rest.
 * `handlesEmpty` lets a block render its own empty state instead of the engine's `暂无数据` (or the entry's
 * `emptyText`).
 */
export interface BlockDefinition<Component = unknown> {
  type: string;
  load: () => Promise<{ default: Component }>;
  handlesEmpty?: boolean;
  /** The block draws its own chrome (a full-screen board): no panel frame even when its props have a title. */
  frameless?: boolean;
  /** The block draws the page's own h1 (a place's name): the page then adds no hidden h1 of its title. */
  pageHeading?: boolean;
  /**
   * The picture the block shows first and largest (the header's background, a carousel's first slide), so the
   * server can have the browser fetch it with the page (index.html's `preload`) instead of after the block's code
   * and data. `data` is read only when the entry has a source.
   */
  leadImage?: (context: LeadImageContext) => unknown;
  /**
   * The block's markup before any script runs, for a header block whose look needs neither data nor the visitor
   * (the site header's picture and title): the server writes it into index.html, the component replaces it. The
   * same classes and box as the component draws, every value escaped (engine/runtime/html-text.ts).
   */
  firstPaint?: (context: FirstPaintContext) => string | undefined;
  /**
   * The sources the block asks for as it first draws besides its entry's `source` — a tab's list, a menu's
   * places — so the page starts them with its own (render-as-you-fetch) rather than one round trip after the block
   * has drawn. Each must be the very source the block then reads (the same key).
   */
  sources?: (context: BlockSourcesContext) => readonly BlockSource[];
  /**
   * Code the block imports on demand (a form's fields, with rjsf), and whether an entry's first view needs it: the
   * server then announces it with the block's own chunk. A form that asks for a login first does not need it yet.
   */
  onDemand?: { load: () => Promise<unknown>; firstView: (props: Record<string, unknown>) => boolean };
}

/**
 * Block types resolved by layers, later layers winning: the default set, then a theme's, then the deployment's own —
 * as rjsf resolves widgets user → theme → default.
 *
 * @example
 * const registry = createBlockRegistry(defaultBlocks, [{ type: 'article-list', load: () => import('./MyList') }]);
 */
export function createBlockRegistry<Component>(...layers: ReadonlyArray<readonly BlockDefinition<Component>[]>): BlockRegistry<Component> {
  const byType = new Map<string, BlockDefinition<Component>>();
  for (const layer of layers) for (const definition of layer) byType.set(definition.type, definition);
  return {
    get: (type) => byType.get(type),
    types: () => [...byType.keys()].sort(),
  };
}

/** A registry, as {@link createBlockRegistry} builds it. */
export interface BlockRegistry<Component = unknown> {
  get(type: string): BlockDefinition<Component> | undefined;
  /** Every registered type, sorted. */
  types(): string[];
}
