import { NO_AIDS, TEXT_SCALES, toggleElder, type Aids } from '../accessibility/index.js';
import { useReadingAids } from './ReadingAidsProvider.js';
import './reading-aids.css';

type Switch = { key: 'spacing' | 'contrast' | 'cursor' | 'simple' | 'calm' | 'readFocus'; label: string; hint: string };

const SWITCHES: Switch[] = [
  { key: 'spacing', label: '加大行距', hint: '行距加大到 1.5 倍' },
  { key: 'contrast', label: '高对比度', hint: '白底黑字，深色链接和边框' },
  { key: 'cursor', label: '大鼠标', hint: '加大鼠标指针' },
  { key: 'simple', label: '单栏阅读', hint: '每页内容排成一栏' },
  { key: 'calm', label: '停止动画', hint: '轮播不自动切换，提示消息关闭前一直显示' },
  { key: 'readFocus', label: '指读', hint: '朗读键盘选中或鼠标划选的文字' },
];

const percent = (step: number) => `${Math.round(TEXT_SCALES[step] * 100)}%`;

/**
 * The top bar of every page: 长辈版 (the elder preset on or off) and 无障碍, which opens the aids one by one (text
 * size, line spacing, contrast, pointer, one column, no motion, read-aloud). Real buttons with their state in
 * aria-pressed, reachable by Tab before the header; the tools stay folded until asked for, so a phone keeps its
 * first screen for the page.
 */
export function ReadingAidsBar() {
  const { option, aids, setAids, read, reader, readProblem, toolsOpen: open, setToolsOpen: setOpen } = useReadingAids();
  if (option === 'hidden') return null;
  const set = (patch: Partial<Aids>) => setAids({ ...aids, ...patch });
  const readPage = () => {
    const main = document.getElementById('tm-main');
    if (main) read(main.innerText);
  };

  return (
    <div className="tm-aids" role="region" aria-label="无障碍服务">
      <div className="tm-aids__row">
        <button type="button" className="tm-aids__toggle" aria-pressed={aids.elder} onClick={() => setAids(toggleElder(aids))}>
          {aids.elder ? '退出长辈版' : '长辈版'}
        </button>
        <button type="button" className="tm-aids__toggle" aria-expanded={open} aria-controls="tm-aids-tools" onClick={() => setOpen(!open)}>
          {open ? '收起无障碍工具' : '无障碍'}
        </button>
      </div>
      {open && (
        <div id="tm-aids-tools" className="tm-aids__tools" role="group" aria-label="阅读辅助">
          <span className="tm-aids__size" role="group" aria-label="文字大小">
            <button type="button" onClick={() => set({ textStep: aids.textStep - 1 })} disabled={aids.textStep === 0} aria-label="文字缩小">
              A－
            </button>
            <output aria-live="polite" aria-label="当前文字大小">
              {percent(aids.textStep)}
            </output>
            <button
              type="button"
              onClick={() => set({ textStep: aids.textStep + 1 })}
              disabled={aids.textStep === TEXT_SCALES.length - 1}
              aria-label="文字放大"
            >
              A＋
            </button>
          </span>
          {SWITCHES.map(({ key, label, hint }) => (
            <button key={key} type="button" aria-pressed={aids[key]} title={hint} onClick={() => set({ [key]: !aids[key] })}>
              {label}
            </button>
          ))}
          <button type="button" onClick={readPage}>
            朗读本页
          </button>
          <button type="button" onClick={() => reader.stop()}>
            停止朗读
          </button>
          <button type="button" onClick={() => setAids(NO_AIDS)}>
            全部恢复
          </button>
          <span className="tm-aids__problem" role="status">
            {readProblem ?? ''}
          </span>
        </div>
      )}
    </div>
  );
}
