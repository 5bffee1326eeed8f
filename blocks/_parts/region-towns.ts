import { useMemo } from 'react';
import { useSource } from '../../engine/react/useSource.js';
import type { Place } from '../../schemas/types/api.js';
import { REGION_PLACES_SOURCE } from './shared-sources.js';

/** The region itself, then its towns (its direct children): the spec's region drop-down. Empty while loading. */
export function useRegionTowns(): { places: Place[]; loading: boolean } {
  const state = useSource<Place[]>(REGION_PLACES_SOURCE);
  const places = useMemo(() => {
    const all = state.status === 'ready' ? (state.data ?? []) : [];
    const self = all[0];
    return self ? [self, ...all.filter((p) => p.parentId === self.deptId)] : [];
  }, [state]);
  return { places, loading: state.status === 'loading' };
}
