import { describe, expect, it } from 'vitest';
import { chineseVoice, createReadAloud, speechChunks } from '../../../engine/accessibility/index.js';

// The Web Speech API is the browser's boundary: a recording stand-in with the same shape.
function recordingSpeech(voices: Array<{ lang: string; name: string }>) {
  const spoken: Array<{ text: string; lang: string; voice: string }> = [];
  let cancelled = 0;
  class Utterance {
    voice: { name: string } | null = null;
    lang = '';
    rate = 1;
    constructor(readonly text: string) {}
  }
  const speech = {
    getVoices: () => voices as unknown as SpeechSynthesisVoice[],
    speak: (u: SpeechSynthesisUtterance) => void spoken.push({ text: u.text, lang: u.lang, voice: (u.voice as unknown as { name: string }).name }),
    cancel: () => void cancelled++,
  };
  return { speech, Utterance: Utterance as unknown as typeof SpeechSynthesisUtterance, spoken, cancelled: () => cancelled };
}

describe('read-aloud', () => {
  it('reads with a zh-CN voice first, in sentence-sized pieces, after stopping what was being read', () => {
    const r = recordingSpeech([
      { lang: 'en-US', name: 'en' },
      { lang: 'zh-TW', name: 'tw' },
      { lang: 'zh-CN', name: 'cn' },
    ]);
    const reader = createReadAloud(r.speech, r.Utterance);
    expect(reader.problem()).toBeNull();
    expect(reader.speak('第一句。第二句！')).toBeNull();
    expect(r.cancelled()).toBe(1);
    expect(r.spoken).toEqual([{ text: '第一句。第二句！', lang: 'zh-CN', voice: 'cn' }]);
  });

  it('says why where the browser has no Chinese voice or no speech at all, and reads nothing', () => {
    const r = recordingSpeech([{ lang: 'en-US', name: 'en' }]);
    expect(createReadAloud(r.speech, r.Utterance).speak('你好')).toBe('本浏览器没有中文朗读语音，无法朗读');
    expect(r.spoken).toEqual([]);
    expect(createReadAloud(undefined, undefined).speak('你好')).toBe('本浏览器不支持朗读功能');
  });

  it('cuts long text at sentence ends, and a sentence longer than a piece into pieces', () => {
    const sentence = '农'.repeat(100) + '。';
    const chunks = speechChunks(`${sentence}${sentence}  ${'村'.repeat(350)}`, 160);
    expect(chunks[0]).toBe(sentence);
    expect(chunks.every((c) => c.length <= 160)).toBe(true);
    expect(chunks.join('')).toBe(`${sentence}${sentence} ${'村'.repeat(350)}`.replace(/\s+/g, ''));
    expect(speechChunks('   ')).toEqual([]);
  });

  it('prefers zh-CN, then any Chinese voice', () => {
    const voice = (lang: string) => ({ lang, name: lang }) as SpeechSynthesisVoice;
    expect(chineseVoice([voice('zh-HK'), voice('zh_CN')])?.lang).toBe('zh_CN');
    expect(chineseVoice([voice('zh-HK')])?.lang).toBe('zh-HK');
    expect(chineseVoice([voice('en-GB')])).toBeNull();
  });
});
