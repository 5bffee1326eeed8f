// jsdom ships no types and @types/jsdom is not installed; the server uses only a window for DOMPurify.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: Record<string, unknown>);
    readonly window: Window & typeof globalThis;
  }
}
