import type { CategoriesByTypeData } from '../../schemas/types/api.js';

/** The category chips of the chosen type, 全部 first; nothing while the type has no categories. */
export function CategoryChips({
  blockId,
  categories,
  current,
  onChoose,
}: {
  blockId: string;
  categories: CategoriesByTypeData;
  current: string | undefined;
  onChoose: (code: string | undefined) => void;
}) {
  if (categories.length === 0) return null;
  return (
    <div className="tm-plist__row">
      <span className="tm-plist__rowlabel" id={`${blockId}-cats`}>
        项目分类
      </span>
      <ul className="tm-plist__chips" aria-labelledby={`${blockId}-cats`}>
        {[{ code: undefined, name: '全部' }, ...categories].map((c) => (
          <li key={c.code ?? 'all'}>
            <button type="button" className="tm-chip" aria-pressed={current === c.code} onClick={() => onChoose(c.code)}>
              {c.name}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
