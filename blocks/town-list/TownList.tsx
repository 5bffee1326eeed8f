import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { TownListProps } from '../../schemas/types/blocks.js';
import type { Place } from '../../schemas/types/api.js';
import { rowsOf } from '../_parts/data.js';
import { useRegion } from '../../engine/react/RegionProvider.js';
import { opensAsPlace, placeWindowHref } from '../_parts/place-window.js';
import { ExternalLink } from '../_parts/ExternalLink.js';

/** The towns (/towns), each opening its own view of the portal in a new window. */
export default function TownList({ data }: BlockComponentProps<TownListProps>) {
  const region = useRegion();
  const towns = opensAsPlace(rowsOf<Place>(data), region.notGoCityList);
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gridTemplateColumns: 'repeat(6, 1fr)', gap: 12 }}>
      {towns.map((t) => (
        <li key={t.deptId}>
          <ExternalLink
            href={placeWindowHref(t)}
            style={{
              display: 'block',
              padding: '12px 8px',
              textAlign: 'center',
              background: 'var(--tm-primary-light)',
              borderRadius: 4,
              textDecoration: 'none',
            }}
          >
            {t.deptName}
          </ExternalLink>
        </li>
      ))}
    </ul>
  );
}
