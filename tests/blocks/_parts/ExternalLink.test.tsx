// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ExternalLink } from '../../../blocks/_parts/ExternalLink.js';

afterEach(cleanup);

describe('ExternalLink', () => {
  it('opens an allowed address in a new window without opener nor referrer, and says so to screen readers', () => {
    const { container } = render(
      <ExternalLink href="https://example.org/x" className="k">
        友链
      </ExternalLink>,
    );
    expect(container.innerHTML).toBe(
      '<a class="k" href="https://example.org/x" target="_blank" rel="noopener noreferrer">友链<span class="tm-visually-hidden">（在新窗口打开）</span></a>',
    );
  });

  it('names a link whose content cannot hold the note (an SVG drawing) with aria-label', () => {
    const { container } = render(
      <ExternalLink href="/#/szqy/detail?dm=1" label="乙镇">
        <b>乙镇</b>
      </ExternalLink>,
    );
    const link = container.querySelector('a')!;
    expect(link.getAttribute('aria-label')).toBe('乙镇（在新窗口打开）');
    expect(container.querySelector('.tm-visually-hidden')).toBeNull();
  });

  it('renders an address outside the URL policy as plain text, or as what `refused` says', () => {
    const { container } = render(
      <>
        <ExternalLink href="javascript:alert(1)" className="k">
          坏链
        </ExternalLink>
        <ExternalLink href="data:text/html,x" refused={<em>名称</em>}>
          <img alt="" />
        </ExternalLink>
        <ExternalLink href={undefined}>无</ExternalLink>
      </>,
    );
    expect(container.querySelector('a')).toBeNull();
    expect(container.innerHTML).toBe('<span class="k">坏链</span><em>名称</em><span>无</span>');
  });
});
