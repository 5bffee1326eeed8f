import React from 'react';
import { createRoot } from 'react-dom/client';
import { PortalShell } from './PortalShell';

createRoot(document.getElementById('root')!).render(
  <React.StrictMode>
    <PortalShell />
  </React.StrictMode>,
);
