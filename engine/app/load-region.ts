import type { Region } from '../../schemas/types/region.js';
import { REGION_DATA_ID, type ClientSettings } from '../runtime/client-settings.js';

/**
 * The region this page shows: the one the server wrote into the page, else asked from the server (the Vite dev
 * server serves index.html itself). `?region=<id>` in the address previews another region.
 */
export async function loadRegion(settings: ClientSettings): Promise<Region> {
  // The server writes the region into the page as a JSON data block (server/delivery/index-html.ts).
  const written = document.getElementById(REGION_DATA_ID)?.textContent;
  if (written) return JSON.parse(written) as Region;
  const preview = new URLSearchParams(window.location.search).get('region');
  const url = `${settings.apiBase}/portal/region${preview ? `?region=${encodeURIComponent(preview)}` : ''}`;
  const response = await fetch(url);
  const envelope = (await response.json()) as { code: number; msg: string; data: Region };
  if (envelope.code !== 200) throw new Error(envelope.msg);
  return envelope.data;
}
