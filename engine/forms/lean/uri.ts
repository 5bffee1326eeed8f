/**
 * Stands in for `fast-uri` in the client build (vite.config.ts alias): @rjsf/utils uses only its `resolve` and
 * `equal` to follow `$ref`s against a schema's `$id`. A form schema reaches rjsf without `$id` (formRootSchema drops
 * it) and its `$ref`s are local (`#/...`), so the WHATWG URL parser the browser already has does, and the page saves
 * fast-uri's 7.6 KB gzip.
 */
const PLACEHOLDER = 'tianmu-schema://form/';

function resolve(base: string, ref: string): string {
  if (ref.startsWith('#')) return `${base.split('#')[0]}${ref}`;
  try {
    const absoluteBase = /^[a-z][a-z\d+.-]*:/i.test(base);
    const resolved = new URL(ref, absoluteBase ? base : new URL(base, PLACEHOLDER)).href;
    return absoluteBase ? resolved : resolved.replace(PLACEHOLDER, '');
  } catch {
    return ref;
  }
}

/** Same address once normalised (scheme and host case, `.` segments), as fast-uri compares them. */
function equal(a: string, b: string): boolean {
  // new URL drops an empty fragment; fast-uri keeps `x` and `x#` apart.
  const normal = (uri: string) => `${resolve('', uri)}${uri.endsWith('#') ? '#' : ''}`;
  return normal(a) === normal(b);
}

export { resolve, equal };
export default { resolve, equal };
