/** The IANA time zones this browser knows (for a zone field's suggestions), and the one it runs in. */
let zones: string[] | undefined;

export function timeZones(): string[] {
  zones ??= typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  return zones;
}

/** This device's zone (`Europe/Paris`), or UTC when the browser does not say. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
