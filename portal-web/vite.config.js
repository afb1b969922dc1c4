// The portal website's build: the one both sites share (ui-kit/vite-site.js).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { siteConfig } from '@svc/ui-kit/vite-site.js';

export default siteConfig(path.dirname(fileURLToPath(import.meta.url)));
