import type { ReactNode } from 'react';
import { isEmptyData, type BlockSource } from '../runtime/source.js';
import { BlockStatus } from './BlockStatus.js';
import { useSource } from './useSource.js';

/**
 * The engine's loading / empty / error handling for a source a block loads itself (one per tab, say), so blocks
 * never draw those states on their own.
 *
 * @example
 * <SourceContent source={tab.source} emptyText="暂无公告">{(data: NewsListData) => <Rows rows={data.rows} />}</SourceContent>
 */
export function SourceContent<T>({ source, emptyText, children }: { source: BlockSource; emptyText?: string; children: (data: T) => ReactNode }) {
  const state = useSource<T>(source);
  if (state.status === 'loading') return <BlockStatus kind="loading" />;
  if (state.status === 'error') return <BlockStatus kind="error" onRetry={state.retry} />;
  if (isEmptyData(state.data)) return <BlockStatus kind="empty" emptyText={emptyText} />;
  return <>{children(state.data)}</>;
}
