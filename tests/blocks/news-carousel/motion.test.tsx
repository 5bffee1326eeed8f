// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import NewsCarousel from '../../../blocks/news-carousel/NewsCarousel.js';
import { AIDS_STORAGE_KEY, ELDER_PRESET } from '../../../engine/accessibility/index.js';
import { ReadingAidsProvider, RegionProvider } from '../../../engine/react/index.js';
import type { Region } from '../../../schemas/types/region.js';

// The picture-news carousel moves by itself, except for a reader who asked for no motion (停止动画, part of 长辈版).
const rows = [1, 2, 3].map((id) => ({ id, title: `图片新闻${id}`, coverImg: `/image-api/${id}.png` }));
const draw = () =>
  render(
    <MemoryRouter>
      <RegionProvider region={{ id: 't', cityName: '测试县' } as unknown as Region}>
        <ReadingAidsProvider>
          <NewsCarousel props={{ title: '图片新闻', count: 3, intervalSeconds: 5 } as never} data={{ rows, total: 3 }} blockId="c" />
        </ReadingAidsProvider>
      </RegionProvider>
    </MemoryRouter>,
  );
const caption = () => document.querySelector('.tm-carousel__caption')?.textContent;

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.documentElement.className = '';
});

describe('carousel motion', () => {
  it('advances every interval for a reader who asked for nothing', () => {
    draw();
    expect(caption()).toBe('图片新闻1');
    act(() => void vi.advanceTimersByTime(5_000));
    expect(caption()).toBe('图片新闻2');
  });

  it('stays on its slide in elder mode, and still moves by its buttons', () => {
    localStorage.setItem(AIDS_STORAGE_KEY, JSON.stringify(ELDER_PRESET));
    draw();
    act(() => void vi.advanceTimersByTime(12_000));
    expect(caption()).toBe('图片新闻1');
    act(() => screen.getByRole('button', { name: '下一张' }).click());
    expect(caption()).toBe('图片新闻2');
  });
});
