import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const PORTAL_REGISTRY = fileURLToPath(new URL('../engine/react/forms/rjsf-registry.ts', import.meta.url));

/**
 * Puts engine/react/forms/rjsf-registry.ts in place of @rjsf/core's `getDefaultRegistry`: the same registry, with
 * the parts portal forms rarely draw in a chunk fetched on demand. rjsf's Form imports its default registry itself,
 * and that one imports every field, template and widget rjsf has (~8 KB gzip more on every form's first view).
 */
export function rjsfRegistry(): Plugin {
  return {
    name: 'tianmu-rjsf-registry',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/[\\/]@rjsf[\\/]core[\\/]lib[\\/]/.test(importer)) return null;
      return /(^|\/)getDefaultRegistry\.js$/.test(source) ? PORTAL_REGISTRY : null;
    },
  };
}
