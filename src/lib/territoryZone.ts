/**
 * The time zone an order for a territory defaults to (docs/API.md "Order wizard"): the zone of the first of the
 * territory's countries that has exactly one (France: Europe/Paris; the Nordics: Sweden's Europe/Stockholm), from
 * the browser's own time-zone data (`Intl.Locale`'s zones of a region). A territory whose countries each span
 * several zones (the United States) has none: the person picks one.
 */

/** `Intl.Locale` with the region's zones: `getTimeZones()` in current browsers, the `timeZones` getter earlier. */
type LocaleWithZones = Intl.Locale & { getTimeZones?: () => string[]; timeZones?: string[] };

/** The IANA zones of a country (ISO 3166 alpha-2), or none when the browser cannot say. */
export function zonesOfCountry(country: string): string[] {
  if (!/^[A-Z]{2}$/.test(country)) return [];
  try {
    const locale = new Intl.Locale(`und-${country}`) as LocaleWithZones;
    return locale.getTimeZones?.() ?? locale.timeZones ?? [];
  } catch {
    return [];
  }
}

export interface TerritoryZone {
  zone: string;
  /** The country it is the zone of. */
  country: string;
}

export function territoryZone(countries: readonly string[] | undefined): TerritoryZone | undefined {
  for (const country of countries ?? []) {
    const zones = zonesOfCountry(country);
    if (zones.length === 1) return { zone: zones[0]!, country };
  }
  return undefined;
}
