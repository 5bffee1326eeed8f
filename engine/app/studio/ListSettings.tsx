import type { StudioModel } from './studio-api.js';
import type { RunEdit } from './StudioApp.js';
import { ListEditor, type ItemField, type NestedList } from './ListEditor.js';

type Item = Record<string, unknown>;

const TAB_FIELDS: ItemField[] = [
  { key: 'name', label: '名称' },
  { key: 'router', label: '本站页面地址', hint: '以 / 开头，须是已有页面的地址，如 /pressCenter' },
  { key: 'href', label: '站外地址', hint: '以 https:// 开头，在新窗口打开；与本站页面地址二选一' },
  {
    key: 'type',
    label: '下拉菜单',
    kind: 'select',
    options: [
      ['', '无'],
      ['area', '所辖镇（街道）'],
      ['supply', '产权交易的类别'],
      ['tender', '招标采购的类别'],
      ['demand', '需求信息的类别'],
    ],
  },
  { key: 'when', label: '显示条件', kind: 'when', hint: '按功能开关显示或隐藏这个导航项' },
];

const SUB_TABS: NestedList = {
  title: '下级栏目',
  noun: '下级栏目',
  fields: TAB_FIELDS.filter((f) => f.key !== 'type'),
  hint: '下级栏目以下拉菜单显示在这个导航项下。',
};

const FOOT_FIELDS: ItemField[] = [
  { key: 'text', label: '文字' },
  { key: 'href', label: '地址', hint: '本站页面（以 / 开头）或站外地址（https://）' },
];

const FRIEND_FIELDS: ItemField[] = [
  { key: 'label', label: '名称' },
  { key: 'url', label: '站外地址', hint: '以 http:// 或 https:// 开头' },
];

const ORDER: ItemField = { key: 'order', label: '排序', kind: 'number', hint: '在同级中的位置，小的在前；不填时按列表顺序' };

const TOWN_FIELDS: ItemField[] = [
  { key: 'name', label: '名称' },
  { key: 'deptId', label: '地区编号（deptId）', kind: 'number', hint: '本部署中不能与其他地区重复，如 331124101' },
  { key: 'deptCode', label: '统计区划代码（12 位）', hint: '12 位统计用区划代码，如 331124101000' },
  ORDER,
];

const VILLAGES: NestedList = {
  title: '村（社区）',
  noun: '村（社区）',
  fields: [
    { key: 'name', label: '名称' },
    {
      key: 'deptId',
      label: '地区编号（deptId）',
      kind: 'number',
      hint: '本部署中不能与其他地区重复的整数，不超过 2147483647：12 位的村级区划代码太大，不能直接用作编号',
    },
    { key: 'deptCode', label: '统计区划代码（12 位）', hint: '12 位统计用区划代码，如 331124101201' },
    ORDER,
  ],
};

/** The region's lists as forms: the nav, the footer's links, the friendly links (region.yaml) and the towns (places.yaml). */
export function ListSettings({ model, run }: { model: StudioModel; run: RunEdit }) {
  const { tabList, footList, footLinkList, towns, flags } = model.settings;
  const footLinkFlag = flags.find((f) => f.name === 'haveFootLink');
  return (
    <section aria-labelledby="lists-title" className="studio-lists">
      <h3 id="lists-title">导航、页脚与镇（街道）</h3>
      <ListEditor
        list="tabList"
        title="导航"
        noun="导航项"
        items={tabList as Item[]}
        fields={TAB_FIELDS}
        nested={SUB_TABS}
        flags={flags}
        nameKey="name"
        run={run}
      />
      <ListEditor list="footList" title="页脚链接" noun="页脚链接" items={footList as Item[]} fields={FOOT_FIELDS} nameKey="text" run={run} />
      <ListEditor
        list="footLinkList"
        title="友情链接"
        noun="友情链接"
        items={footLinkList as Item[]}
        fields={FRIEND_FIELDS}
        nameKey="label"
        run={run}
        hint={`友情链接在功能开关“${footLinkFlag?.title ?? '显示友情链接'}”打开时显示在页脚。`}
      />
      <ListEditor
        list="towns"
        title="镇（街道）"
        noun="镇（街道）"
        items={towns as unknown as Item[]}
        fields={TOWN_FIELDS}
        nested={VILLAGES}
        nameKey="name"
        run={run}
        hint="写在本地区的 places.yaml 中本县之下；顺序即所在区域菜单中的顺序。删除只影响配置文件，数据库中已有的地区不会删除。"
      />
    </section>
  );
}
