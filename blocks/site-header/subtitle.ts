/** What the header's second heading needs to know. */
export interface SubtitleInput {
  cityName?: string;
  deptId?: number;
  doubletitleText?: string;
  flags?: { doubletitle?: boolean; toCityChangeTitle?: boolean };
}

/** The place the visitor looks at (the session's dept), when it is not the region itself. */
export interface ChosenPlace {
  deptId: string | null;
  deptName: string | null;
}

/**
 * The header's second heading, or null for none.
 *
 * - `doubletitle`: the region's `doubletitleText` (信阳市农村综合产权交易中心).
 * - `toCityChangeTitle` and a place of the region chosen (the area menu or the town map opened it, so the session's
 *   dept is not the region's own): the dedicated heading of that place — the `template` with `{deptName}` replaced,
 *   or by default the place's name followed by what `doubletitleText` says after the region's name
 *   (罗山县 → 罗山县农村综合产权交易中心; 罗山县农村产权交易平台 when the region has no second title).
 *
 * @example
 * headerSubtitle({ cityName: '信阳市', deptId: 4115, doubletitleText: '信阳市农村综合产权交易中心', flags: { doubletitle: true, toCityChangeTitle: true } }, { deptId: '411521', deptName: '罗山县' })
 * // → '罗山县农村综合产权交易中心'
 */
export function headerSubtitle(region: SubtitleInput, place: ChosenPlace, template?: string): string | null {
  const flags = region.flags ?? {};
  const own = flags.doubletitle ? region.doubletitleText?.trim() || null : null;
  const placeName = place.deptName?.trim();
  const switched = Boolean(placeName) && place.deptId !== null && place.deptId !== String(region.deptId) && placeName !== region.cityName;
  if (!flags.toCityChangeTitle || !switched) return own;
  if (template) return template.split('{deptName}').join(placeName!);
  const city = region.cityName ?? '';
  const text = region.doubletitleText?.trim();
  const rest = text && city && text.startsWith(city) ? text.slice(city.length) : '农村产权交易平台';
  return `${placeName}${rest}`;
}
