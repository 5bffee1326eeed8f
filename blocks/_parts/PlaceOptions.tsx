import type { Place } from '../../schemas/types/api.js';

/**
 * The options of a place drop-down (value: deptCode): the region and its towns from `useRegionTowns`, or the region's
 * name alone while they load, so the select is never empty.
 */
export function PlaceOptions({ places, regionName }: { places: readonly Place[]; regionName: string }) {
  return (
    <>
      {places.length === 0 && <option value="">{regionName}</option>}
      {places.map((p) => (
        <option key={p.deptId} value={p.deptCode}>
          {p.deptName}
        </option>
      ))}
    </>
  );
}
