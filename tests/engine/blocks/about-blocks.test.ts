import { describe, expect, it } from 'vitest';
import { menuGroups, selectedId } from '../../../blocks/article-menu/ArticleMenu.js';
import { ABOUT_SECTION, currentItem } from '../../../blocks/section-nav/SectionNav.js';

// The pure parts of the about section's blocks: which tab is current, how the menu reads its data and the address.
describe('section-nav currentItem', () => {
  it('marks the longest route that starts the path, at a / boundary', () => {
    const at = (path: string) => ABOUT_SECTION[currentItem(ABOUT_SECTION, path)]?.text;
    expect(at('/aboutUs')).toBe('关于我们');
    expect(at('/aboutUs/complaints')).toBe('投诉建议');
    expect(at('/aboutUs/select')).toBe('政策查询');
    expect(at('/aboutUs/select/detail')).toBe('政策查询');
    // select1 is not "under" select.
    expect(at('/aboutUs/select1')).toBe('项目咨询');
    expect(at('/bangzhuzhongxin/detail')).toBe('帮助中心');
    expect(currentItem(ABOUT_SECTION, '/aboutUsX')).toBe(-1);
    expect(currentItem(ABOUT_SECTION, '/')).toBe(-1);
  });
});

describe('article-menu', () => {
  it('reads the help centre groups as they are and a page of articles as one unnamed group', () => {
    const help = [
      { classname: '注册登录', list: [{ id: 1, title: '如何注册账号？' }] },
      { classname: '常见问题', list: [] },
    ];
    expect(menuGroups(help)).toEqual(help);
    expect(
      menuGroups({
        rows: [
          { id: 7, title: '中心简介', logintime: 'x' },
          { id: 8, title: '联系我们' },
        ],
        total: 2,
      }),
    ).toEqual([
      {
        classname: '',
        list: [
          { id: 7, title: '中心简介' },
          { id: 8, title: '联系我们' },
        ],
      },
    ]);
    expect(menuGroups(null)).toEqual([{ classname: '', list: [] }]);
  });

  it('takes the item from the query: JSON {id,title} for the help centre, a plain id otherwise; anything else is no choice', () => {
    expect(selectedId('{"id":12,"title":"如何出价？"}', true)).toBe(12);
    expect(selectedId('12', false)).toBe(12);
    expect(selectedId('12', true)).toBe(12);
    for (const bad of ['true', '{"id":true}', '{"id":"x"}', '{"title":"t"}', '{not json', '-3', '0', '1.5', 'javascript:alert(1)']) {
      expect(selectedId(bad, true), bad).toBeUndefined();
    }
    expect(selectedId(null, true)).toBeUndefined();
    expect(selectedId('{"id":3}', false)).toBeUndefined();
  });
});
