/**
 * The document title: region name + platform name (spec §2), e.g. 淳安县 + 农村产权交易平台. A platform name that
 * already starts with the region's name is not doubled.
 */
export function documentTitle(region: { cityName?: string; homeTitle?: string }): string {
  const city = region.cityName?.trim() ?? '';
  const platform = region.homeTitle?.trim() || '农村集体产权交易平台';
  return platform.startsWith(city) ? platform : `${city}${platform}`;
}
