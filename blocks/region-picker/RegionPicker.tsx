import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { RegionPickerProps } from '../../schemas/types/blocks.js';
import type { Place } from '../../schemas/types/api.js';
import { useRegion } from '../../engine/react/RegionProvider.js';
import { rowsOf } from '../_parts/data.js';
import { PLACE_ROUTE, placeWindowHref } from '../_parts/place-window.js';
import { ExternalLink } from '../_parts/ExternalLink.js';
import './region-picker.css';

/** The region picker (/szqy): every place of the tenant grouped under its parent; a place opens its own view. */
export default function RegionPicker({ props, data }: BlockComponentProps<RegionPickerProps>) {
  const region = useRegion();
  const places = rowsOf<Place>(data);
  const notGo = new Set((region.notGoCityList ?? []).map(String));
  const byParent = new Map<number, Place[]>();
  for (const p of places) byParent.set(p.parentId, [...(byParent.get(p.parentId) ?? []), p]);
  const minLevel = Math.min(...places.map((p) => p.level));
  const groups = places.filter((p) => p.level === minLevel || (p.level === minLevel + 1 && (byParent.get(p.deptId)?.length ?? 0) > 0));
  // Places of level 3 and deeper open their own view; the city itself and the no-go list are plain text (spec §2).
  const link = (p: Place) =>
    p.level < 3 || notGo.has(p.deptName) || notGo.has(String(p.deptId)) ? (
      <span>{p.deptName}</span>
    ) : (
      <ExternalLink href={placeWindowHref(p, props.targetRoute ?? PLACE_ROUTE)}>{p.deptName}</ExternalLink>
    );
  return (
    <div className="tm-regions">
      {groups.map((group) => (
        <section key={group.deptId} className="tm-regions__group" aria-label={group.deptName}>
          <h3>{link(group)}</h3>
          <ul>
            {(byParent.get(group.deptId) ?? [])
              .filter((p) => !groups.includes(p))
              .map((p) => (
                <li key={p.deptId}>{link(p)}</li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
