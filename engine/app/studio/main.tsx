// Semi's palette and tokens (CSS variables), as the portal loads them; the studio's own layout after.
import '@douyinfe/semi-ui/lib/es/_base/base.css';
import './studio.css';
import { createRoot } from 'react-dom/client';
import { StudioApp } from './StudioApp.js';

createRoot(document.getElementById('root')!).render(<StudioApp />);
