// Semi's palette and tokens (CSS variables): the barrel import brings them, deep component imports do not.
import '@douyinfe/semi-ui/lib/es/_base/base.css';
import React from 'react';
import { createRoot } from 'react-dom/client';
import { PortalClientProvider } from '../react/index.js';
import { createBrowserClient } from './browser-client.js';
import { PortalShell } from './PortalShell';

// The default county until the engine resolves the region from YAML (issue 4).
const region = { deptId: Number(new URLSearchParams(window.location.search).get('deptId') ?? 330127) };
const { client, siteData } = createBrowserClient(() => region);

createRoot(document.getElementById('root')!).render(
  <React.StrictMode>
    <PortalClientProvider client={client} siteData={siteData}>
      <PortalShell />
    </PortalClientProvider>
  </React.StrictMode>,
);
