export {
  AID_CLASSES,
  AIDS_STORAGE_KEY,
  ELDER_MIN_FONT_PX,
  ELDER_PRESET,
  NO_AIDS,
  TEXT_SCALES,
  aidClasses,
  applyAids,
  initialAids,
  parseAids,
  storeAids,
  toggleElder,
} from './preferences.js';
export type { Aids, ElderModeOption } from './preferences.js';
export { earlyAidsScript } from './early-aids.js';
export { chineseVoice, createReadAloud, focusedText, speechChunks } from './read-aloud.js';
export type { ReadAloud, ReadAloudProblem } from './read-aloud.js';
