// Semi's palette and tokens (CSS variables): the barrel import brings them, deep component imports do not.
import '@douyinfe/semi-ui/lib/es/_base/base.css';
import './portal.css';
import React from 'react';
import { createRoot } from 'react-dom/client';
import { defaultBlocks } from '../../blocks/index.js';
import { PortalApp } from '../react/PortalApp.js';
import { createBlockRegistry } from '../runtime/block-registry.js';
import { createBrowserClient } from './browser-client.js';
import { loadRegion } from './load-region.js';

const root = createRoot(document.getElementById('root')!);

loadRegion().then(
  (region) => {
    const { client, session, siteData } = createBrowserClient(() => region);
    // The region's own place, unless the address names one of its places (the area menu opens a place in a new
    // window with deptId, deptName and deptCode in the query).
    const query = new URLSearchParams(window.location.hash.split('?')[1] ?? '');
    const deptId = query.get('deptId');
    session.setDept(
      deptId
        ? { deptId, deptName: query.get('deptName') ?? undefined, deptCode: query.get('deptCode') ?? query.get('dm') ?? undefined }
        : { deptId: region.deptId, deptName: region.cityName, deptCode: region.deptCode },
    );
    root.render(
      <React.StrictMode>
        <PortalApp region={region} registry={createBlockRegistry(defaultBlocks)} client={client} siteData={siteData} />
      </React.StrictMode>,
    );
  },
  (error: unknown) => {
    root.render(
      <main className="tm-boot" role="alert">
        门户配置加载失败，请稍后刷新重试。
        <br />
        <small>{error instanceof Error ? error.message : String(error)}</small>
      </main>,
    );
  },
);
