import { AID_CLASSES, AIDS_STORAGE_KEY, ELDER_MIN_FONT_PX, ELDER_PRESET, TEXT_SCALES, type ElderModeOption } from './preferences.js';

/**
 * The reader's aids put on the document by index.html's inline script, before the body is parsed: the first paint
 * (engine/runtime/first-paint.ts) is then drawn at the reader's size — elder mode's text floor, the text scale, the
 * line spacing — rather than at the normal size and growing once the app has started. It makes the choice
 * `initialAids` makes and sets what `applyAids` sets (a test holds the three to it); the app applies the same again.
 * Plain ES5, since it runs before any module; '' where the region hides elder mode.
 *
 * @example
 * `<script>${earlyAidsScript(region.elderMode ?? 'offered')}</script>`
 */
export function earlyAidsScript(option: ElderModeOption): string {
  if (option === 'hidden') return '';
  const config = {
    key: AIDS_STORAGE_KEY,
    preset: option === 'default' ? ELDER_PRESET : null,
    classes: AID_CLASSES,
    scales: TEXT_SCALES,
    min: ELDER_MIN_FONT_PX,
  };
  return (
    '(function(c){var a=null;try{var v=JSON.parse(localStorage.getItem(c.key)||"null");if(v&&typeof v==="object")a=v}catch(e){}' +
    'a=a||c.preset;if(!a)return;var on=function(k){return a[k]===true},s=Number.isInteger(a.textStep)?Math.min(Math.max(a.textStep,0),c.scales.length-1):0,r=document.documentElement;' +
    'c.classes.forEach(function(p){if(on(p[0]))r.classList.add(p[1])});if(on("elder")||s>0)r.classList.add("tm-aid-text");' +
    'if(c.scales[s]!==1)r.style.setProperty("--tm-text-zoom",String(c.scales[s]));if(on("elder"))r.style.setProperty("--tm-font-min",c.min+"px")})' +
    `(${JSON.stringify(config).replace(/</g, '\\u003c')})`
  );
}
