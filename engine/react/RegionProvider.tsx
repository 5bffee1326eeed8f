import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { Region } from '../../schemas/types/region.js';

const RegionContext = createContext<Region | null>(null);

/** Hands the resolved region config to every block below it. */
export function RegionProvider({ region, children }: { region: Region; children: ReactNode }) {
  return <RegionContext.Provider value={region}>{children}</RegionContext.Provider>;
}

/** The region this portal renders (names, tabs, flags, footer…). */
export function useRegion(): Region {
  const region = useContext(RegionContext);
  if (!region) throw new Error('useRegion needs a <RegionProvider> above it');
  return region;
}

/** The region's feature flags; an unset flag is false. */
export function useFlags(): NonNullable<Region['flags']> {
  return useRegion().flags ?? {};
}

/** The current hash route's query (`#/pressCenter/pressCenterDetail?id=7` → `{ id: '7' }`). */
export function useRouteQuery(): Record<string, string> {
  const { search } = useLocation();
  return useMemo(() => Object.fromEntries(new URLSearchParams(search)), [search]);
}
