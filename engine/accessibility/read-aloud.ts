/**
 * Read-aloud (朗读) with the browser's Web Speech API and a Chinese voice. Where the browser has no speech, or no
 * Chinese voice, it says so instead of reading Chinese with an English voice.
 */

type Speech = Pick<SpeechSynthesis, 'speak' | 'cancel' | 'getVoices'>;
type UtteranceConstructor = new (text: string) => SpeechSynthesisUtterance;

export type ReadAloudProblem = '本浏览器不支持朗读功能' | '本浏览器没有中文朗读语音，无法朗读';

export interface ReadAloud {
  /** Why nothing can be read, or null when a Chinese voice is there. */
  problem(): ReadAloudProblem | null;
  /** Reads the text (after stopping whatever was being read); returns the problem instead when it cannot. */
  speak(text: string): ReadAloudProblem | null;
  stop(): void;
}

/** Chrome stops long utterances part-way: read in pieces that end at a sentence where possible. */
export function speechChunks(text: string, max = 160): string[] {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return [];
  const sentences = clean.match(/[^。！？!?；;]+[。！？!?；;]?/g) ?? [clean];
  const chunks: string[] = [];
  let current = '';
  for (const sentence of sentences) {
    for (let start = 0; start < sentence.length; start += max) {
      const piece = sentence.slice(start, start + max);
      if ((current + piece).length > max && current) {
        chunks.push(current.trim());
        current = '';
      }
      current += piece;
    }
  }
  if (current.trim()) chunks.push(current.trim());
  return chunks;
}

/** The voice for Chinese: a zh-CN one first, then any zh voice. */
export function chineseVoice(voices: readonly SpeechSynthesisVoice[]): SpeechSynthesisVoice | null {
  const zh = voices.filter((v) => /^zh/i.test(v.lang));
  return zh.find((v) => /^zh[-_]CN/i.test(v.lang)) ?? zh[0] ?? null;
}

/**
 * @example
 * const reader = createReadAloud(window.speechSynthesis, window.SpeechSynthesisUtterance);
 * const problem = reader.speak(document.querySelector('main')!.innerText); // shown to the reader when not null
 */
export function createReadAloud(speech: Speech | undefined, Utterance: UtteranceConstructor | undefined): ReadAloud {
  const problem = (): ReadAloudProblem | null => {
    if (!speech || !Utterance) return '本浏览器不支持朗读功能';
    return chineseVoice(speech.getVoices()) ? null : '本浏览器没有中文朗读语音，无法朗读';
  };
  return {
    problem,
    speak(text) {
      const why = problem();
      if (why || !speech || !Utterance) return why;
      const voice = chineseVoice(speech.getVoices())!;
      speech.cancel();
      for (const chunk of speechChunks(text)) {
        const utterance = new Utterance(chunk);
        utterance.voice = voice;
        utterance.lang = voice.lang;
        utterance.rate = 0.9;
        speech.speak(utterance);
      }
      return null;
    },
    stop() {
      speech?.cancel();
    },
  };
}

/** What to read for a focused element: its accessible name where it has one, else its text, shortened. */
export function focusedText(element: Element): string {
  const label = element.getAttribute('aria-label') ?? (element as HTMLInputElement).labels?.[0]?.textContent ?? '';
  const text = label.trim() || (element as HTMLElement).innerText?.trim() || element.getAttribute('title') || element.getAttribute('alt') || '';
  return text.replace(/\s+/g, ' ').slice(0, 300);
}
