import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRegionCatalog, resolveRegionForHost } from '../../engine/region-files/index.js';

const catalog = loadRegionCatalog(path.resolve('regions'));
const idFor = (host: string | undefined, preview?: string) => resolveRegionForHost(catalog, host, preview)?.id;

describe('resolveRegionForHost', () => {
  it('maps listed hosts, ignoring port and case', () => {
    expect(idFor('nccq.xinyang.example.gov.cn')).toBe('xinyang');
    expect(idFor('NCCQ.Lantian.example.gov.cn:8080')).toBe('lantian');
    expect(idFor('dev.nccq.chunan.example.gov.cn')).toBe('chunan-dev');
  });

  it('serves the default region to other hosts', () => {
    expect(idFor('localhost')).toBe('chunan');
    expect(idFor(undefined)).toBe('chunan');
  });

  it('previews ?region=<id> whatever the host; an unknown id gives nothing', () => {
    expect(idFor('nccq.xinyang.example.gov.cn', 'shouguang')).toBe('shouguang');
    expect(idFor('localhost', 'nowhere')).toBeUndefined();
  });

  it('refuses previews when the deployment turns them off', () => {
    const closed = { ...catalog, deployment: { ...catalog.deployment, allowPreview: false } };
    expect(resolveRegionForHost(closed, 'localhost', 'lantian')).toBeUndefined();
    expect(resolveRegionForHost(closed, 'localhost')?.id).toBe('chunan');
  });
});
