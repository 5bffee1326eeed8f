import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { BlockEntry } from '../../schemas/types/region.js';
import type { BlockComponent, ReactBlockDefinition, ReactBlockRegistry } from './block-types.js';
import { isEmptyData, type BlockSource } from '../runtime/source.js';
import { BLOCKS_SHOWING_DATA } from '../../schemas/types/blocks.js';
import { BlockErrorBoundary } from './BlockErrorBoundary.js';
import { BlockStatus, refusalOf } from './BlockStatus.js';
import { useSource } from './useSource.js';
import { isAllowedUrl } from '../security/url-policy.js';

const loadedBlocks = new WeakMap<ReactBlockDefinition, BlockComponent>();
const loadingBlocks = new WeakMap<ReactBlockDefinition, ReturnType<ReactBlockDefinition['load']>>();

/**
 * Starts loading a block type's code, once: the page calls it for all its blocks as its route resolves, together
 * with their data (PageView), and the block's lazy component then renders from that same import.
 */
export function loadBlock(definition: ReactBlockDefinition): ReturnType<ReactBlockDefinition['load']> {
  let loading = loadingBlocks.get(definition);
  if (!loading) {
    loading = definition.load();
    loadingBlocks.set(definition, loading);
    loading.then((module) => loadedBlocks.set(definition, module.default)).catch(() => undefined);
    // A failed chunk (a deploy replaced it) may be asked again by a later page.
    loading.catch(() => loadingBlocks.delete(definition));
  }
  return loading;
}

/**
 * A block type's component once its code is in; until then a stand-in that draws the loading state (or, if its
 * chunk fails, throws for the block's error boundary). Not React.lazy: a Suspense boundary that has shown its fallback reveals its
 * content no sooner than 500 ms after (React's fallback throttle), which held a first view's blocks back that long
 * though their chunks — fetched ahead with the page — were in. A state update shows them the frame they arrive.
 */
function useBlockComponent(definition: ReactBlockDefinition | undefined): BlockComponent {
  const [, setLoaded] = useState(0);
  const [failure, setFailure] = useState<unknown>(null);
  const component = definition ? loadedBlocks.get(definition) : undefined;
  useEffect(() => {
    if (!definition) return;
    // Come between this render and its effect (a chunk already in, another block's load): draw it now.
    if (loadedBlocks.has(definition)) {
      if (!component) setLoaded((n) => n + 1);
      return;
    }
    let live = true;
    loadBlock(definition).then(
      () => live && setLoaded((n) => n + 1),
      (error: unknown) => live && setFailure(error),
    );
    return () => {
      live = false;
    };
  }, [definition, component]);
  if (component) return component;
  // Thrown inside the block's error boundary, as React.lazy would: the block says it failed, the page stands.
  return failure
    ? () => {
        throw failure;
      }
    : LOADING;
}

/** What a block whose code is still on its way draws. */
const LOADING: BlockComponent = () => <BlockStatus kind="loading" />;

/** The panel chrome the engine draws around a titled block: heading and 更多 link. */
interface Frame {
  title: string;
  moreRoute?: string;
}

function frameOf(props: Record<string, unknown>): Frame | null {
  if (typeof props.title !== 'string' || !props.title) return null;
  return {
    title: props.title,
    moreRoute: typeof props.moreRoute === 'string' ? props.moreRoute : undefined,
  };
}

function isExternal(href: string): boolean {
  return /^https?:\/\//.test(href);
}

/**
 * Renders one block entry: its source's loading, empty and error states, its lazy component, and — when its props
 * have a `title` — the panel frame with the heading and the more link. Blocks render only their content.
 * `quietRefusal`: an earlier block on the page loads the same source, so when the server refuses it (项目不存在或已下架)
 * that block says why and this one draws nothing rather than repeat it.
 */
export function BlockView({
  entry,
  registry,
  blockId,
  quietRefusal = false,
}: {
  entry: BlockEntry;
  registry: ReactBlockRegistry;
  blockId: string;
  quietRefusal?: boolean;
}) {
  const definition = registry.get(entry.type);
  const props = (entry.props ?? {}) as Record<string, unknown>;
  const state = useSource((entry.source ?? null) as BlockSource | null);
  const Block = useBlockComponent(definition);
  const frame = definition?.frameless ? null : frameOf(props);
  const headingId = `${blockId}-title`;
  if (quietRefusal && state.status === 'error' && refusalOf(state.error)) return null;

  let content;
  if (!definition) {
    // Validation refuses unknown types; this only shows when a deployment's registry lacks a type its YAML uses.
    content = <BlockStatus kind="error" />;
  } else if (state.status === 'loading') {
    content = <BlockStatus kind="loading" />;
  } else if (state.status === 'error') {
    content = <BlockStatus kind="error" onRetry={state.retry} error={state.error} />;
  } else if ((entry.source || BLOCKS_SHOWING_DATA.has(entry.type)) && !definition?.handlesEmpty && isEmptyData(state.data)) {
    // A block that shows data says so when it has none, whether its list is empty or (unvalidated YAML) it has no source.
    content = <BlockStatus kind="empty" emptyText={typeof props.emptyText === 'string' ? props.emptyText : undefined} />;
  } else {
    content = (
      <BlockErrorBoundary type={entry.type}>
        <Block props={props} data={state.data} blockId={blockId} />
      </BlockErrorBoundary>
    );
  }

  const className = `tm-block tm-block--${entry.type}`;
  if (!frame)
    return (
      <div className={className} data-block={entry.type}>
        {content}
      </div>
    );
  return (
    <section className={`${className} tm-panel`} data-block={entry.type} aria-labelledby={headingId}>
      <header className="tm-panel__head">
        <h2 id={headingId} className="tm-panel__title">
          {frame.title}
        </h2>
        {frame.moreRoute &&
          isAllowedUrl(frame.moreRoute) &&
          (isExternal(frame.moreRoute) ? (
            <a className="tm-panel__more" href={frame.moreRoute} target="_blank" rel="noopener noreferrer">
              更多<span className="tm-visually-hidden">{frame.title}（在新窗口打开）</span>
            </a>
          ) : (
            <Link className="tm-panel__more" to={frame.moreRoute}>
              更多<span className="tm-visually-hidden">{frame.title}</span>
            </Link>
          ))}
      </header>
      <div className="tm-panel__body">{content}</div>
    </section>
  );
}
