import { describe, expect, it } from 'vitest';
import { territoryZone, zonesOfCountry } from './territoryZone';

describe('territoryZone', () => {
  it("is the zone of the territory's first country with exactly one", () => {
    expect(territoryZone(['FR'])).toEqual({ zone: 'Europe/Paris', country: 'FR' });
    expect(territoryZone(['SE', 'DK', 'NO'])).toEqual({ zone: 'Europe/Stockholm', country: 'SE' });
    // The United States spans several zones; Colombia has one.
    expect(territoryZone(['US', 'CO'])).toEqual({ zone: 'America/Bogota', country: 'CO' });
  });

  it("is a country's principal zone where its others are outlying ones", () => {
    expect(zonesOfCountry('ES').length).toBeGreaterThan(1);
    expect(territoryZone(['DE', 'AT', 'CH'])).toEqual({ zone: 'Europe/Berlin', country: 'DE' });
    expect(territoryZone(['ES', 'AD'])).toEqual({ zone: 'Europe/Madrid', country: 'ES' });
    expect(territoryZone(['PT'])).toEqual({ zone: 'Europe/Lisbon', country: 'PT' });
    // Every principal zone is one of its country's (the browser's names: Europe/Kiev, America/Buenos_Aires).
    for (const country of ['DE', 'ES', 'PT', 'EC', 'CL', 'AR', 'NZ', 'UA', 'MY'])
      expect(territoryZone([country])?.country, country).toBe(country);
  });

  it('is none when every country spans several zones, or none is known', () => {
    expect(zonesOfCountry('US').length).toBeGreaterThan(1);
    expect(territoryZone(['US'])).toBeUndefined();
    expect(territoryZone([])).toBeUndefined();
    expect(territoryZone(undefined)).toBeUndefined();
    expect(territoryZone(['not a country', 'ZZ'])).toBeUndefined();
  });
});
