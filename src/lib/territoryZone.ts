/**
 * The time zone an order for a territory defaults to (docs/API.md "Order wizard"): the zone of the first of the
 * territory's countries that has exactly one or one it mainly lives in (France: Europe/Paris; the Nordics: Sweden's
 * Europe/Stockholm; Germany: Europe/Berlin), from
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

/**
 * Countries whose zones include outlying ones (the Canaries, Büsingen, Madeira, the Galápagos…) but whose people and
 * business keep one: an order for Germany is due in Berlin, not Vienna (Austria's, the next country of the DACH
 * territory), nor Büsingen. A country spread over zones it really lives in (the United States, Canada, Australia,
 * Russia) is not here: the person picks one.
 */
const PRINCIPAL_ZONES: Readonly<Record<string, readonly string[]>> = {
  DE: ['Europe/Berlin'],
  ES: ['Europe/Madrid'],
  PT: ['Europe/Lisbon'],
  EC: ['America/Guayaquil'],
  CL: ['America/Santiago'],
  // Both spellings: browsers' time-zone data name these by the old or the new one.
  AR: ['America/Argentina/Buenos_Aires', 'America/Buenos_Aires'],
  NZ: ['Pacific/Auckland'],
  UA: ['Europe/Kyiv', 'Europe/Kiev'],
  MY: ['Asia/Kuala_Lumpur'],
};

export function territoryZone(countries: readonly string[] | undefined): TerritoryZone | undefined {
  for (const country of countries ?? []) {
    const zones = zonesOfCountry(country);
    if (zones.length === 1) return { zone: zones[0]!, country };
    const principal = PRINCIPAL_ZONES[country]?.find((zone) => zones.includes(zone));
    if (principal) return { zone: principal, country };
  }
  return undefined;
}
