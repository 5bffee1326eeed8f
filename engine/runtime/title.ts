/**
 * The document title: region name + platform name (spec §2), e.g. 淳安县 + 农村产权交易平台. A platform name that
 * already starts with the region's name is not doubled. A place window (a town opened from the area menu or the
 * town map) puts the place first: 千岛湖镇 - 淳安县农村产权交易平台.
 */
export function documentTitle(region: { cityName?: string; homeTitle?: string }, place?: string | null): string {
  const city = region.cityName?.trim() ?? '';
  const platform = region.homeTitle?.trim() || '农村集体产权交易平台';
  const title = platform.startsWith(city) ? platform : `${city}${platform}`;
  const name = place?.trim();
  return name && name !== city ? `${name} - ${title}` : title;
}
