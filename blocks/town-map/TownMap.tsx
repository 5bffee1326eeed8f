import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { TownMapProps } from '../../schemas/types/blocks.js';
import { rowsOf } from '../shared/data.js';
import { placeWindowHref, type PlaceLink } from '../shared/place-window.js';
import './town-map.css';


type MapPlace = PlaceLink & { level?: number; projectCount?: number };

/** Map navigation: the region's towns, each opening the town's own view in a new window, with project counts. */
export default function TownMap({ props, data }: BlockComponentProps<TownMapProps>) {
  const towns = rowsOf<MapPlace>(data);
  return (
    <div className="tm-townmap">
      {props.image && <img className="tm-townmap__img" src={props.image} alt={props.imageAlt ?? '乡镇分布图'} />}
      <ul className="tm-townmap__list">
        {towns.map((town) => (
          <li key={town.deptId}>
            <a href={placeWindowHref(town)} target="_blank" rel="noopener noreferrer" className="tm-townmap__town">
              <span>{town.deptName}</span>
              {props.showProjectCount !== false && town.projectCount !== undefined && (
                <span className="tm-townmap__count">{town.projectCount} 个项目</span>
              )}
              <span className="tm-visually-hidden">（在新窗口打开）</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
