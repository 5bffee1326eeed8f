import { isApiError } from '../http/index.js';

/**
 * The server's refusal of the request itself (4xx: 项目不存在或已下架, 无权查看…): loading it again would only be
 * refused again, so the block says why instead of offering 重新加载. Undefined for failures worth a retry.
 */
export function refusalOf(error: unknown): string | undefined {
  if (!isApiError(error) || error.kind !== 'code' || error.code === undefined) return undefined;
  return error.code >= 400 && error.code < 500 && error.message ? error.message : undefined;
}

/** The engine's one rendering of a block's loading, empty and error states. */
export function BlockStatus({
  kind,
  emptyText = '暂无数据',
  onRetry,
  error,
}: {
  kind: 'loading' | 'empty' | 'error';
  emptyText?: string;
  onRetry?: () => void;
  /** What the load failed with: a refusal (4xx) is shown as the server worded it, with a way home, not a retry. */
  error?: unknown;
}) {
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
  const refusal = refusalOf(error);
  if (refusal) {
    return (
      <div className="tm-status tm-status--error tm-status--refused" role="alert">
        {refusal}
        <a className="tm-button tm-button--link" href="#/">
          返回首页
        </a>
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
