import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { createElement, lazy, Suspense, useEffect, useState } from 'react';
import { RichTextStandIn } from './RichTextStandIn.js';
import { SmsCodeWidget } from './SmsCodeWidget.js';
import { CallChoicesWidget, ChoicesWidget, DateTimeWidget, EditorPlaceWidget, PlaceSelectWidget } from './ConsoleWidgets.js';

/**
 * The document photos widget (uploads, the document camera) is a chunk of its own, loaded when a form shows it: of
 * the forms only property registration does, and the others' first view is spared its ~5 KB gzip.
 */
const LazyDocumentPhotos = lazy(() => import('./DocumentPhotosWidget.js').then((m) => ({ default: m.DocumentPhotosWidget })));
function DocumentPhotosWidget(props: WidgetProps) {
  return createElement(Suspense, { fallback: null }, createElement(LazyDocumentPhotos, props));
}

/** One picture in a text field (an article's cover): the photos widget held to one, its value the picture's address. */
function SinglePhotoWidget(props: WidgetProps) {
  return createElement(DocumentPhotosWidget, {
    ...props,
    schema: { ...props.schema, type: 'array', maxItems: 1, items: { type: 'string' } },
    value: typeof props.value === 'string' && props.value ? [props.value] : [],
    onChange: (photos: unknown) => props.onChange(Array.isArray(photos) && photos.length ? photos[photos.length - 1] : undefined),
  });
}

/** The editors' 附件 (documents) likewise: only the console's article and project forms show it. */
const LazyDocumentFiles = lazy(() => import('./DocumentFilesWidget.js').then((m) => ({ default: m.DocumentFilesWidget })));
function DocumentFilesWidget(props: WidgetProps) {
  return createElement(Suspense, { fallback: null }, createElement(LazyDocumentFiles, props));
}

/**
 * The article and project body's editor (TipTap, ~105 KB compressed) is a chunk of its own, fetched only when staff go
 * to work (the first pointer move or key on the page fetches it; going to the body asks for it): the editors' first
 * view, drawn with no input yet, does not carry it.
 * Until then, and while it comes, a stand-in of the same size shows the body's text and says it is loading; once
 * fetched, the editor is drawn at once (no loading frame), with the caret in it and what was typed meanwhile.
 */
type RichTextEditor = (typeof import('./RichTextWidget.js'))['RichTextWidget'];
let richTextEditor: RichTextEditor | undefined;
let richTextLoading: Promise<RichTextEditor> | undefined;
function loadRichText(): Promise<RichTextEditor> {
  richTextLoading ??= import('./RichTextWidget.js').then(
    (m) => (richTextEditor = m.RichTextWidget),
    (error: unknown) => {
      // A failed fetch (the network) is tried again at the next going to the body.
      richTextLoading = undefined;
      throw error;
    },
  );
  return richTextLoading;
}
/** Real input on the page (not a focus the page moves itself): staff are at work, the body comes soon. */
const INPUT_EVENTS = ['pointermove', 'pointerdown', 'keydown', 'touchstart'] as const;

/** Fetches the editor at the first input anywhere on the page, so that by the time staff reach the body it is there. */
function useFetchAtFirstInput(): void {
  useEffect(() => {
    if (richTextEditor) return;
    const fetchNow = () => {
      for (const type of INPUT_EVENTS) document.removeEventListener(type, fetchNow, true);
      void loadRichText().catch(() => undefined);
    };
    for (const type of INPUT_EVENTS) document.addEventListener(type, fetchNow, { capture: true, passive: true });
    return () => {
      for (const type of INPUT_EVENTS) document.removeEventListener(type, fetchNow, true);
    };
  }, []);
}

/**
 * Keys typed between going to the body and the editor taking the focus (its chunk still coming, or drawing): kept,
 * and typed into the editor once it has the caret, so nothing staff type at once is lost.
 */
function useTypedAhead(): { start: (first?: string) => void; take: () => string } {
  // One object for the widget's life: its methods are safe in effects' dependencies.
  const [typedAhead] = useState(() => {
    let buffer: { text: string; stop: () => void } | null = null;
    return {
      start(first?: string) {
        if (buffer) return;
        const kept = { text: first ?? '', stop: () => document.removeEventListener('keydown', keep, true) };
        function keep(event: KeyboardEvent) {
          if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1) return;
          event.preventDefault();
          kept.text += event.key;
        }
        document.addEventListener('keydown', keep, true);
        buffer = kept;
      },
      take() {
        const kept = buffer;
        buffer = null;
        kept?.stop();
        return kept?.text ?? '';
      },
    };
  });
  useEffect(() => () => void typedAhead.take(), [typedAhead]);
  return typedAhead;
}

function RichTextWidget(props: WidgetProps) {
  useFetchAtFirstInput();
  const typedAhead = useTypedAhead();
  // Fetched already (another form of this visit): the editor at once, no stand-in.
  const [fetchedBefore] = useState(() => richTextEditor !== undefined);
  const [state, setState] = useState<'idle' | 'loading' | 'failed' | 'ready'>('idle');
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!wanted || richTextEditor) return;
    let live = true;
    setState('loading');
    loadRichText().then(
      () => live && setState('ready'),
      () => {
        if (!live) return;
        typedAhead.take();
        setState('failed');
        setWanted(false);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, typedAhead]);
  if (richTextEditor && (wanted || fetchedBefore)) {
    return createElement(richTextEditor, { ...props, focusWith: wanted ? typedAhead.take : undefined });
  }
  return createElement(RichTextStandIn, {
    props,
    loading: state === 'loading',
    failed: state === 'failed',
    onWanted: (first?: string) => {
      typedAhead.start(first);
      setWanted(true);
    },
    onNear: () => void loadRichText().catch(() => undefined),
  });
}

/** Widgets a form's `ui` may name beyond rjsf's own (text, password, textarea…). */
export const formWidgets: RegistryWidgetsType = {
  smsCode: SmsCodeWidget,
  documentPhotos: DocumentPhotosWidget,
  richText: RichTextWidget,
  singlePhoto: SinglePhotoWidget,
  dateTime: DateTimeWidget,
  choices: ChoicesWidget,
  placeSelect: PlaceSelectWidget,
  callChoices: CallChoicesWidget,
  editorPlace: EditorPlaceWidget,
  documents: DocumentFilesWidget,
};
