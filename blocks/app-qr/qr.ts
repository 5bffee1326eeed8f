/** How the app QR code is drawn: SVG, error correction M, a one-module quiet zone, black on white. */
export const APP_QR_OPTIONS = { type: 'svg', errorCorrectionLevel: 'M', margin: 1, color: { dark: '#000000', light: '#ffffff' } } as const;

/** The QR code of `url` as an SVG document, drawn by the qrcode package (loaded only when a code is drawn). */
export async function qrSvg(url: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(url, APP_QR_OPTIONS);
}

/** The SVG as an image address (an <img> with alt text, so the code is one picture to assistive technology). */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
