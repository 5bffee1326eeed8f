import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../schemas/types/api.js';
import { blockMeta } from '../../engine/region/index.js';
import { getRegionSchemas, loadRegionCatalog } from '../../engine/region-files/index.js';

const { blockSchemas } = getRegionSchemas();

describe("each block's name and the data it shows (x-name, x-source)", () => {
  it.each([...blockSchemas.keys()])('%s has a Chinese name, and the calls it names exist', (type) => {
    const meta = blockMeta(blockSchemas.get(type));
    expect(meta.name).toMatch(/^[\u4e00-\u9fff]/);
    for (const call of meta.source?.calls ?? []) expect(Object.keys(API_ROUTES)).toContain(call);
    if (meta.source?.required) expect(meta.source.calls.length > 0 || meta.source.siteData).toBe(true);
  });

  it('every block the demo regions give a source to declares what it expects, and each fits', () => {
    const catalog = loadRegionCatalog('regions');
    const misfits: string[] = [];
    for (const region of catalog.regions) {
      const lists = [...Object.values(region.pages ?? {}).map((p) => p.blocks ?? []), region.layout?.header ?? [], region.layout?.footer ?? []];
      for (const entry of lists.flat()) {
        const source = entry.source as { call?: string; siteData?: string } | undefined;
        if (!source) continue;
        const needs = blockMeta(blockSchemas.get(entry.type)).source;
        const fits = source.call ? needs?.calls.includes(source.call) : needs?.siteData;
        if (!fits) misfits.push(`${region.id} ${entry.type} ${source.call ?? `siteData ${source.siteData}`}`);
      }
    }
    expect(misfits).toEqual([]);
  });
});
