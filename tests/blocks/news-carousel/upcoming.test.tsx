// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import NewsCarousel from '../../../blocks/news-carousel/NewsCarousel.js';
import { ReadingAidsProvider, RegionProvider } from '../../../engine/react/index.js';
import type { Region } from '../../../schemas/types/region.js';

// Turning to the next slide paints at once: its picture is fetched once the shown one has loaded, not when it turns.
const rows = [1, 2, 3].map((id) => ({ id, title: `图片新闻${id}`, coverImg: `/image-api/${id}.png` }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the carousel fetches the next slide ahead', () => {
  it('asks for the next picture after the shown one loads, and only then', () => {
    const fetched: string[] = [];
    vi.stubGlobal(
      'Image',
      class {
        set src(value: string) {
          fetched.push(value);
        }
      },
    );
    render(
      <MemoryRouter>
        <RegionProvider region={{ id: 't', cityName: '测试县' } as unknown as Region}>
          <ReadingAidsProvider>
            <NewsCarousel props={{ title: '图片新闻', count: 3 } as never} data={{ rows, total: 3 }} blockId="c" />
          </ReadingAidsProvider>
        </RegionProvider>
      </MemoryRouter>,
    );
    const picture = document.querySelector('.tm-carousel__slide img')!;
    expect(picture.getAttribute('src')).toBe('/image-api/1.png');
    expect(fetched).toEqual([]);
    fireEvent.load(picture);
    expect(fetched).toEqual(['/image-api/2.png']);
    fireEvent.click(document.querySelector('[aria-label="下一张"]')!);
    fireEvent.load(document.querySelector('.tm-carousel__slide img')!);
    expect(fetched).toEqual(['/image-api/2.png', '/image-api/3.png']);
  });
});
