// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AIDS_STORAGE_KEY, ELDER_PRESET } from '../../../engine/accessibility/index.js';
import { ReadingAidsBar, ReadingAidsProvider, RegionProvider } from '../../../engine/react/index.js';
import type { Region } from '../../../schemas/types/region.js';

// The region's elderMode option and the reader's choices, through the bar a visitor uses.
const regionWith = (elderMode?: Region['elderMode']) => ({ id: 't', cityName: '测试县', elderMode }) as unknown as Region;
const draw = (elderMode?: Region['elderMode']) =>
  render(
    <RegionProvider region={regionWith(elderMode)}>
      <ReadingAidsProvider>
        <ReadingAidsBar />
      </ReadingAidsProvider>
    </RegionProvider>,
  );
const root = () => document.documentElement;

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  root().className = '';
  root().removeAttribute('style');
});

describe('elder mode as a region offers it', () => {
  it('offered: 长辈版 turns the preset on, is remembered, and 退出长辈版 turns every aid off', () => {
    draw();
    expect(root().classList.contains('tm-elder')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '长辈版' }));
    expect(root().classList.contains('tm-elder')).toBe(true);
    expect(screen.getByRole('button', { name: '退出长辈版' }).getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(localStorage.getItem(AIDS_STORAGE_KEY)!)).toEqual(ELDER_PRESET);

    // The next visit starts where this one left off.
    cleanup();
    root().className = '';
    draw();
    expect(root().classList.contains('tm-elder')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '退出长辈版' }));
    expect(root().className).toBe('');
  });

  it('default: a first visit starts in elder mode; a reader who left it stays out', () => {
    draw('default');
    expect(root().classList.contains('tm-elder')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '退出长辈版' }));
    cleanup();
    draw('default');
    expect(root().classList.contains('tm-elder')).toBe(false);
  });

  it('hidden: no toggle and no aid, even one stored on an earlier visit', () => {
    localStorage.setItem(AIDS_STORAGE_KEY, JSON.stringify(ELDER_PRESET));
    draw('hidden');
    expect(screen.queryByRole('button', { name: /长辈版/ })).toBeNull();
    expect(screen.queryByRole('region', { name: '无障碍服务' })).toBeNull();
    expect(root().className).toBe('');
  });

  it('无障碍 unfolds the aids one by one: text size steps to 200% and back, each switch on its own', () => {
    draw();
    const tools = screen.getByRole('button', { name: '无障碍' });
    expect(tools.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(tools);
    expect(screen.getByRole('button', { name: '收起无障碍工具' }).getAttribute('aria-expanded')).toBe('true');
    const bigger = screen.getByRole('button', { name: '文字放大' });
    for (let i = 0; i < 6; i++) fireEvent.click(bigger);
    expect(screen.getByRole('status', { name: '当前文字大小' }).textContent).toBe('200%');
    expect(root().style.getPropertyValue('--tm-text-zoom')).toBe('2');
    expect((bigger as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '文字缩小' }));
    expect(root().style.getPropertyValue('--tm-text-zoom')).toBe('1.75');

    fireEvent.click(screen.getByRole('button', { name: '高对比度' }));
    expect(screen.getByRole('button', { name: '高对比度' }).getAttribute('aria-pressed')).toBe('true');
    expect([...root().classList].sort()).toEqual(['tm-aid-contrast', 'tm-aid-text']);
    expect(screen.getByRole('button', { name: '长辈版' }).getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(screen.getByRole('button', { name: '全部恢复' }));
    expect(root().className).toBe('');
  });

  it('朗读本页 says why where the browser cannot read Chinese aloud (jsdom has no speech)', () => {
    draw();
    fireEvent.click(screen.getByRole('button', { name: '无障碍' }));
    fireEvent.click(screen.getByRole('button', { name: '朗读本页' }));
    // No main landmark here: nothing to read, nothing said.
    expect(screen.queryByText('本浏览器不支持朗读功能')).toBeNull();
    const main = document.createElement('main');
    main.id = 'tm-main';
    main.textContent = '农村产权交易';
    document.body.appendChild(main);
    fireEvent.click(screen.getByRole('button', { name: '朗读本页' }));
    expect(screen.getByText('本浏览器不支持朗读功能')).toBeTruthy();
    main.remove();
  });
});
