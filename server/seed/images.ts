import { PNG } from 'pngjs';
import type { Rng } from './random.js';

/**
 * Demo pictures drawn locally (no network): small countryside landscapes — sky, hills, water, field stripes,
 * trees, houses, greenhouses — deterministic from the seed. Rows refer to them by URL and reuse them.
 */

export const IMAGE_COUNT = 24;
export const IMAGE_WIDTH = 480;
export const IMAGE_HEIGHT = 320;

/** File names of the demo images, e.g. 'landscape-01.png'. */
export const DEMO_IMAGE_FILES: string[] = Array.from({ length: IMAGE_COUNT }, (_, i) => `landscape-${String(i + 1).padStart(2, '0')}.png`);

/** Where a demo image is stored (table stored_file) and served under the image prefix: 'demo/landscape-01.png'. */
export const demoImagePath = (file: string): string => `demo/${file}`;

/** URL under which the server serves a demo image (stored like this in the DB). */
export const demoImageUrl = (file: string): string => `/image-api/${demoImagePath(file)}`;

/** Every demo image URL, in file order. */
export const DEMO_IMAGE_URLS: string[] = DEMO_IMAGE_FILES.map(demoImageUrl);

type Rgb = [number, number, number];

class Canvas {
  readonly data: Buffer;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = Buffer.alloc(width * height * 4, 255);
  }

  /** Paints one pixel, blending with alpha in [0, 1]. */
  set(x: number, y: number, [r, g, b]: Rgb, alpha = 1): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 4;
    const d = this.data;
    d[i] = Math.round(d[i] + (r - d[i]) * alpha);
    d[i + 1] = Math.round(d[i + 1] + (g - d[i + 1]) * alpha);
    d[i + 2] = Math.round(d[i + 2] + (b - d[i + 2]) * alpha);
    d[i + 3] = 255;
  }

  rect(x0: number, y0: number, w: number, h: number, color: Rgb, alpha = 1): void {
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(this.height, y0 + h); y++) {
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(this.width, x0 + w); x++) this.set(x, y, color, alpha);
    }
  }

  circle(cx: number, cy: number, radius: number, color: Rgb, alpha = 1): void {
    const r2 = radius * radius;
    for (let y = Math.floor(cy - radius); y <= cy + radius; y++) {
      for (let x = Math.floor(cx - radius); x <= cx + radius; x++) {
        if ((x - cx) ** 2 + (y - cy) ** 2 <= r2) this.set(x, y, color, alpha);
      }
    }
  }

  /** An isosceles roof: apex at (cx, top), base from cx-half to cx+half at `bottom`. */
  roof(cx: number, top: number, half: number, bottom: number, color: Rgb): void {
    for (let y = Math.floor(top); y <= bottom; y++) {
      const w = ((y - top) / Math.max(1, bottom - top)) * half;
      for (let x = Math.floor(cx - w); x <= cx + w; x++) this.set(x, y, color);
    }
  }
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const shade = (c: Rgb, f: number): Rgb => [Math.min(255, c[0] * f), Math.min(255, c[1] * f), Math.min(255, c[2] * f)];

const SKIES: Array<[Rgb, Rgb]> = [
  [
    [88, 150, 220],
    [196, 226, 248],
  ],
  [
    [120, 170, 225],
    [232, 240, 250],
  ],
  [
    [245, 170, 110],
    [253, 228, 180],
  ],
  [
    [150, 190, 230],
    [250, 240, 215],
  ],
];
const FIELD_COLORS: Rgb[] = [
  [98, 158, 64],
  [122, 176, 72],
  [150, 190, 80],
  [84, 136, 58],
  [200, 190, 90],
  [222, 196, 88],
  [176, 200, 96],
  [70, 120, 52],
];

/** Draws one landscape; `variant` picks the scene kind (fields, lake, hills with terraces, greenhouses). */
function drawLandscape(rng: Rng, variant: number): Canvas {
  const W = IMAGE_WIDTH;
  const H = IMAGE_HEIGHT;
  const c = new Canvas(W, H);
  const [skyTop, skyBottom] = SKIES[variant % SKIES.length];
  const horizon = rng.int(110, 150);

  for (let y = 0; y < horizon + 40; y++) {
    const color = mix(skyTop, skyBottom, Math.min(1, y / horizon));
    c.rect(0, y, W, 1, color);
  }
  if (rng.chance(0.7)) c.circle(rng.int(40, W - 40), rng.int(25, 60), rng.int(14, 22), [255, 244, 200], 0.9);
  for (let k = rng.int(1, 3); k > 0; k--) {
    const cx = rng.int(0, W);
    const cy = rng.int(20, horizon - 50);
    for (let j = 0; j < 4; j++) c.circle(cx + j * 14, cy + (j % 2) * 4, rng.int(10, 16), [255, 255, 255], 0.75);
  }

  // Two ridges of hills: sums of sines with seeded phases.
  const ridges: Array<{ base: number; amp: number; color: Rgb }> = [
    { base: horizon - 10, amp: rng.int(25, 50), color: [128, 156, 170] },
    { base: horizon + 2, amp: rng.int(12, 30), color: [86, 126, 92] },
  ];
  for (const ridge of ridges) {
    const p1 = rng.float(0, 6.28);
    const p2 = rng.float(0, 6.28);
    const f1 = rng.float(0.008, 0.016);
    const f2 = rng.float(0.02, 0.04);
    for (let x = 0; x < W; x++) {
      const top = Math.round(ridge.base - ridge.amp * (0.6 + 0.4 * Math.sin(x * f1 + p1)) - ridge.amp * 0.25 * Math.sin(x * f2 + p2));
      for (let y = top; y < horizon + 40; y++) c.set(x, y, ridge.color);
    }
  }

  const kind = variant % 4;
  let fieldTop = horizon;
  if (kind === 1) {
    // A lake between the hills and the near fields (千岛湖-like).
    const lakeBottom = horizon + rng.int(50, 80);
    for (let y = horizon; y < lakeBottom; y++) {
      const color = mix([120, 170, 200], [70, 130, 170], (y - horizon) / (lakeBottom - horizon));
      c.rect(0, y, W, 1, color);
      if (y % 6 === 0) c.rect(rng.int(0, W - 60), y, rng.int(20, 60), 1, [200, 225, 240], 0.6);
    }
    fieldTop = lakeBottom;
  }

  // Field stripes, thicker towards the viewer, slightly tilted.
  const tilt = rng.float(-0.12, 0.12);
  // Base colour first, so the tilted stripes leave no gaps at their edges.
  c.rect(0, fieldTop, W, H - fieldTop, FIELD_COLORS[0]);
  let y0 = fieldTop - Math.ceil((W / 2) * Math.abs(tilt));
  let band = 0;
  while (y0 < H + 40) {
    const thickness = 6 + ((y0 - fieldTop) / (H - fieldTop)) * 34 + rng.int(0, 6);
    const color = rng.pick(FIELD_COLORS);
    for (let x = 0; x < W; x++) {
      const offset = Math.round((x - W / 2) * tilt);
      for (let dy = 0; dy < thickness; dy++) {
        const y = Math.round(y0 + dy + offset);
        if (y < fieldTop) continue;
        // Crop rows: a darker line every few pixels.
        const row = kind === 2 ? (x + dy * 3) % 9 < 2 : dy % 5 === 0;
        c.set(x, y, row ? shade(color, 0.86) : color);
      }
    }
    y0 += thickness;
    band++;
    if (band > 40) break;
  }

  if (kind === 3) {
    // Greenhouses (寿光-style vegetable sheds): pale arched rectangles in a row.
    const y = fieldTop + rng.int(25, 45);
    for (let x = rng.int(10, 40); x < W - 60; x += rng.int(70, 90)) {
      c.rect(x, y, 56, 26, [232, 240, 242], 0.92);
      c.circle(x + 28, y, 28, [232, 240, 242], 0.5);
      for (let k = 1; k < 6; k++) c.rect(x + k * 9, y, 1, 26, [180, 196, 200]);
    }
  }

  // Trees along a field edge and a farmhouse or two.
  for (let k = rng.int(3, 7); k > 0; k--) {
    const x = rng.int(10, W - 10);
    const y = fieldTop + rng.int(4, 30);
    c.rect(x - 1, y, 3, 12, [96, 70, 46]);
    c.circle(x, y - 4, rng.int(6, 10), shade([60, 120, 60], rng.float(0.8, 1.1)));
  }
  for (let k = rng.int(0, 2); k > 0; k--) {
    const x = rng.int(30, W - 70);
    const y = fieldTop + rng.int(10, 40);
    c.rect(x, y, 40, 22, [236, 230, 220]);
    c.roof(x + 20, y - 16, 26, y, [160, 70, 50]);
    c.rect(x + 16, y + 9, 8, 13, [110, 80, 60]);
  }
  return c;
}

/** PNG bytes of demo image `index` (0-based); the same index always gives the same bytes. */
export function renderDemoImage(rng: Rng, index: number): Buffer {
  const canvas = drawLandscape(rng.fork(`image:${index}`), index);
  const png = new PNG({ width: canvas.width, height: canvas.height });
  canvas.data.copy(png.data);
  return PNG.sync.write(png, { colorType: 2 });
}
