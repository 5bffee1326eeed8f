import { toggleStatusTile, type StatusTileView } from '../../machines/project-status-rules.js';

/**
 * The status tiles: one pressed at most; pressing it again clears it. Without bidding here the tiles that include
 * bidding (status 6) are disabled and say why.
 */
export function StatusTiles({
  labelId,
  tiles,
  selected,
  biddingAvailable,
  onChoose,
}: {
  labelId: string;
  tiles: readonly StatusTileView[];
  selected: number | null;
  biddingAvailable: boolean;
  onChoose: (index: number | undefined) => void;
}) {
  return (
    <div className="tm-plist__row">
      <span className="tm-plist__rowlabel" id={labelId}>
        项目状态
      </span>
      <ul className="tm-plist__tiles" aria-labelledby={labelId}>
        {tiles.map((tile, i) => {
          const disabled = !biddingAvailable && tile.statuses.includes(6);
          return (
            <li key={tile.key}>
              <button
                type="button"
                className="tm-tile"
                aria-pressed={selected === i}
                disabled={disabled}
                title={disabled ? '本地区暂未开通网络竞价' : undefined}
                onClick={() => {
                  const current = selected === null ? null : (tiles[selected]?.key ?? null);
                  const next = toggleStatusTile(current, tile.key);
                  const index = next === null ? -1 : tiles.findIndex((t) => t.key === next);
                  onChoose(index < 0 ? undefined : index);
                }}
              >
                {tile.label}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
