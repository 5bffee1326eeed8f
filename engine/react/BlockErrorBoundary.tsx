import { Component, type ReactNode } from 'react';

/**
 * Keeps one broken block from taking the page down: the rest of the page still renders, and this block says it
 * could not be shown (a chunk that failed to load after a deploy, a bug in one block).
 */
export class BlockErrorBoundary extends Component<{ type: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`block "${this.props.type}" failed`, error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="tm-status tm-status--error" role="alert">
        此栏目暂时无法显示，请刷新页面后重试
        <button type="button" className="tm-button tm-button--link" onClick={() => this.setState({ failed: false })}>
          重试
        </button>
      </div>
    );
  }
}
