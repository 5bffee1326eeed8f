import { useRegion } from '../../engine/react/RegionProvider.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { TownMapProps } from '../../schemas/types/blocks.js';
import { rowsOf } from '../_parts/data.js';
import { opensAsPlace, placeWindowHref, type PlaceLink } from '../_parts/place-window.js';
import { ExternalLink } from '../_parts/ExternalLink.js';
import './town-map.css';

type MapPlace = PlaceLink & { deptId: number; parentId: number; level: number; projectCount?: number };

interface Node {
  place: MapPlace;
  x: number;
  y: number;
}

interface Cluster {
  centre: { name: string; place?: MapPlace; x: number; y: number };
  nodes: Node[];
  rx: number;
  ry: number;
}

const NODE_HEIGHT = 30;
/** Width of a node's pill: the name (CJK characters ~15 px at 15 px font) plus padding. */
const pillWidth = (name: string) => Math.max(64, name.length * 15 + 24);

/**
 * The diagram's layout: one cluster per county when the region is a city (its towns around it), else one cluster
 * of the region's towns around the region itself; nodes spread evenly on an ellipse, starting at the top.
 */
function layout(places: MapPlace[], rootName: string): { clusters: Cluster[]; width: number; height: number } {
  const ids = new Set(places.map((p) => p.deptId));
  const top = places.filter((p) => !ids.has(p.parentId));
  const grouped = top.some((p) => places.some((c) => c.parentId === p.deptId));
  const groups = grouped
    ? top.map((p) => ({ name: p.deptName, place: p as MapPlace | undefined, members: places.filter((c) => c.parentId === p.deptId) }))
    : [{ name: rootName, place: undefined as MapPlace | undefined, members: top }];
  // Each county of a city gets a 420-wide slot; a county's towns share one 800-wide diagram.
  const width = grouped ? 420 * groups.length : 800;
  const height = grouped ? 360 : 300;
  const slot = width / groups.length;
  const clusters = groups.map((g, i): Cluster => {
    const x = slot * (i + 0.5);
    const y = height / 2;
    const widest = Math.max(64, ...g.members.map((m) => pillWidth(m.deptName)));
    const rx = Math.min(slot / 2 - widest / 2 - 8, 300);
    const ry = height / 2 - NODE_HEIGHT;
    const nodes = g.members.map((place, k) => {
      const angle = -Math.PI / 2 + (2 * Math.PI * k) / Math.max(1, g.members.length);
      return { place, x: x + rx * Math.cos(angle), y: y + ry * Math.sin(angle) };
    });
    return { centre: { name: g.name, place: g.place, x, y }, nodes, rx, ry };
  });
  return { clusters, width, height };
}

function Pill({ name, x, y, kind, count }: { name: string; x: number; y: number; kind: 'centre' | 'town' | 'off'; count?: number }) {
  const w = pillWidth(name);
  return (
    <g className={`tm-townmap__node tm-townmap__node--${kind}`}>
      <rect x={x - w / 2} y={y - NODE_HEIGHT / 2} width={w} height={NODE_HEIGHT} rx={NODE_HEIGHT / 2} />
      <text x={x} y={y} dominantBaseline="central" textAnchor="middle">
        {name}
      </text>
      {count !== undefined && (
        <text className="tm-townmap__count" x={x} y={y + NODE_HEIGHT / 2 + 12} textAnchor="middle">
          {count} 个项目
        </text>
      )}
    </g>
  );
}

/** A place of the diagram: a link opening its own window, or plain text when it is not opened (notGoCityList). */
function PlaceNode({ place, x, y, kind, open, count }: { place: MapPlace; x: number; y: number; kind: 'centre' | 'town'; open: boolean; count?: number }) {
  const pill = <Pill name={place.deptName} x={x} y={y} kind={open ? kind : 'off'} count={count} />;
  if (!open) return pill;
  return (
    <ExternalLink href={placeWindowHref(place)} className="tm-townmap__link" label={place.deptName} refused={pill}>
      {pill}
    </ExternalLink>
  );
}

/**
 * Map navigation as a labelled diagram of the region's places (its source, usually siteData ditudaohang): the
 * region (or each county of a city) in the middle and its towns around it, each a keyboard-reachable link that
 * opens the town's own page in a new window; places in notGoCityList are shown but do not open.
 */
export default function TownMap({ props, data, blockId }: BlockComponentProps<TownMapProps>) {
  const region = useRegion();
  const places = rowsOf<MapPlace>(data);
  const opens = new Set(opensAsPlace(places, region.notGoCityList).map((p) => p.deptId));
  const { clusters, width, height } = layout(places, region.cityName);
  const captionId = `${blockId}-caption`;
  const count = (p: MapPlace) => (props.showProjectCount && p.projectCount !== undefined ? p.projectCount : undefined);
  return (
    <figure className="tm-townmap">
      <svg className="tm-townmap__svg" viewBox={`0 0 ${width} ${height}`} role="group" aria-labelledby={captionId}>
        {clusters.map((c) => (
          <g key={c.centre.name}>
            <ellipse className="tm-townmap__area" cx={c.centre.x} cy={c.centre.y} rx={c.rx + 48} ry={c.ry + 22} />
            {c.nodes.map((n) => (
              <line key={n.place.deptId} className="tm-townmap__road" x1={c.centre.x} y1={c.centre.y} x2={n.x} y2={n.y} />
            ))}
          </g>
        ))}
        {clusters.map((c) => (
          <g key={c.centre.name}>
            {c.centre.place ? (
              <PlaceNode place={c.centre.place} x={c.centre.x} y={c.centre.y} kind="centre" open={opens.has(c.centre.place.deptId)} />
            ) : (
              <Pill name={c.centre.name} x={c.centre.x} y={c.centre.y} kind="centre" />
            )}
            {c.nodes.map((n) => (
              <PlaceNode key={n.place.deptId} place={n.place} x={n.x} y={n.y} kind="town" open={opens.has(n.place.deptId)} count={count(n.place)} />
            ))}
          </g>
        ))}
      </svg>
      {/* A narrow screen (a phone, or a desktop zoomed to 400%) gets the same places as a list of readable size. */}
      <ul className="tm-townmap__list">
        {clusters
          .flatMap((c) => [...(c.centre.place ? [c.centre.place] : []), ...c.nodes.map((n) => n.place)])
          .map((place) => (
            <li key={place.deptId}>
              {opens.has(place.deptId) ? <ExternalLink href={placeWindowHref(place)}>{place.deptName}</ExternalLink> : <span>{place.deptName}</span>}
            </li>
          ))}
      </ul>
      <figcaption id={captionId} className="tm-townmap__caption">
        {(props.caption ?? '{region}乡镇（街道）分布示意图，点击乡镇名称进入该地区页面').replace('{region}', region.cityName)}
      </figcaption>
    </figure>
  );
}
