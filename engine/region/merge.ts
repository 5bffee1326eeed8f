import type { OriginNode } from './origin.js';

/** A value with the origins of its nodes. */
export interface Layer {
  value: unknown;
  origin: OriginNode;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Lays `over` on `base`: objects merge key by key (so pages merge by id and flags one by one), arrays and scalars
 * replace (a block list is an ordered whole; merging by index would splice two regions' homes together).
 * Neither input is changed; unchanged subtrees are shared, which is safe because nothing mutates them.
 *
 * @example
 * mergeLayers({ value: { flags: { a: true }, tabs: [1, 2] }, origin }, { value: { flags: { b: true }, tabs: [3] }, origin })
 * // → value { flags: { a: true, b: true }, tabs: [3] }
 */
export function mergeLayers(base: Layer, over: Layer): Layer {
  if (!isPlainObject(base.value) || !isPlainObject(over.value)) return over;
  const value: Record<string, unknown> = { ...base.value };
  const children = new Map(base.origin.children ?? []);
  for (const [key, overValue] of Object.entries(over.value)) {
    const overOrigin = over.origin.children?.get(key) ?? over.origin;
    // Without recorded children (the fast read keeps no positions) the parent's origin stands in.
    const baseOrigin = base.origin.children?.get(key) ?? base.origin;
    if (key in base.value) {
      const merged = mergeLayers({ value: base.value[key], origin: baseOrigin }, { value: overValue, origin: overOrigin });
      value[key] = merged.value;
      children.set(key, merged.origin);
    } else {
      value[key] = overValue;
      children.set(key, overOrigin);
    }
  }
  return { value, origin: { ...over.origin, children } };
}
