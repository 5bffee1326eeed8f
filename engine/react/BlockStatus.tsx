/** The engine's one rendering of a block's loading, empty and error states. */
export function BlockStatus({ kind, emptyText = '暂无数据', onRetry }: { kind: 'loading' | 'empty' | 'error'; emptyText?: string; onRetry?: () => void }) {
  if (kind === 'loading') {
    return (
      <div className="tm-status tm-status--loading" role="status" aria-live="polite">
        <span className="tm-spinner" aria-hidden="true" />
        正在加载…
      </div>
    );
  }
  if (kind === 'empty') {
    return (
      <div className="tm-status tm-status--empty" role="status">
        {emptyText}
      </div>
    );
  }
  return (
    <div className="tm-status tm-status--error" role="alert">
      数据加载失败
      {onRetry && (
        <button type="button" className="tm-button tm-button--link" onClick={onRetry}>
          重新加载
        </button>
      )}
    </div>
  );
}
