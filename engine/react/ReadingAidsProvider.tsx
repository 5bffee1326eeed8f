import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import {
  applyAids,
  createReadAloud,
  focusedText,
  initialAids,
  NO_AIDS,
  storeAids,
  type Aids,
  type ElderModeOption,
  type ReadAloud,
  type ReadAloudProblem,
} from '../accessibility/index.js';
import { useRegion } from './RegionProvider.js';

export interface ReadingAidsState {
  /** How the region offers elder mode. */
  option: ElderModeOption;
  aids: Aids;
  setAids(next: Aids): void;
  reader: ReadAloud;
  /** The last thing read-aloud could not do, shown by the bar until the next attempt. */
  readProblem: ReadAloudProblem | null;
  read(text: string): void;
  /** The 无障碍 tools are unfolded (for this visit: they stay open from page to page). */
  toolsOpen: boolean;
  setToolsOpen(open: boolean): void;
}

const ReadingAidsContext = createContext<ReadingAidsState | null>(null);

const browserStorage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);
const browserReader = () =>
  createReadAloud(
    typeof speechSynthesis === 'undefined' ? undefined : speechSynthesis,
    typeof SpeechSynthesisUtterance === 'undefined' ? undefined : SpeechSynthesisUtterance,
  );

/**
 * Elder mode and its reading aids for the whole portal: starts from the reader's stored choice or the region's
 * `elderMode`, puts the aids on the document before the first paint, remembers each change, and reads the focused or
 * selected text aloud while 指读 is on.
 */
export function ReadingAidsProvider({ children }: { children: ReactNode }) {
  const option: ElderModeOption = useRegion().elderMode ?? 'offered';
  const [aids, setState] = useState<Aids>(() => initialAids(option, browserStorage()));
  const [reader] = useState(browserReader);
  const [readProblem, setReadProblem] = useState<ReadAloudProblem | null>(null);
  const [toolsOpen, setToolsOpen] = useState(false);
  const effective = option === 'hidden' ? NO_AIDS : aids;

  useLayoutEffect(() => {
    applyAids(document.documentElement, effective);
  }, [effective]);

  const setAids = useCallback(
    (next: Aids) => {
      setState(next);
      storeAids(browserStorage(), next);
      if (!next.readFocus) reader.stop();
    },
    [reader],
  );

  const read = useCallback((text: string) => setReadProblem(reader.speak(text)), [reader]);

  useEffect(() => {
    if (!effective.readFocus) return;
    const onFocus = (event: FocusEvent) => {
      if (event.target instanceof Element) read(focusedText(event.target));
    };
    const onSelect = () => {
      const selected = document.getSelection()?.toString().trim();
      if (selected) read(selected.slice(0, 600));
    };
    document.addEventListener('focusin', onFocus);
    document.addEventListener('mouseup', onSelect);
    return () => {
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('mouseup', onSelect);
    };
  }, [effective.readFocus, read]);

  const value = useMemo(
    () => ({ option, aids: effective, setAids, reader, readProblem, read, toolsOpen, setToolsOpen }),
    [option, effective, setAids, reader, readProblem, read, toolsOpen],
  );
  return <ReadingAidsContext.Provider value={value}>{children}</ReadingAidsContext.Provider>;
}

/** The reading aids in force (all off outside a provider, e.g. a block rendered alone in a test). */
export function useReadingAids(): ReadingAidsState {
  const state = useContext(ReadingAidsContext);
  return state ?? FALLBACK;
}

const FALLBACK: ReadingAidsState = {
  option: 'hidden',
  aids: NO_AIDS,
  setAids: () => {},
  reader: createReadAloud(undefined, undefined),
  readProblem: null,
  read: () => {},
  toolsOpen: false,
  setToolsOpen: () => {},
};
