/**
 * Language and territory names from their codes ("fr-CA" -> "French (Canada)", "FR" -> "France"), from the
 * browser's own tables (Intl.DisplayNames): no request, and the code itself when the browser does not know it.
 */
let languages: Intl.DisplayNames | undefined;
let regions: Intl.DisplayNames | undefined;

function nameOf(names: Intl.DisplayNames, code: string | undefined): string | undefined {
  if (!code) return undefined;
  try {
    return names.of(code) ?? code;
  } catch {
    return code; // not a well-formed code (RangeError): shown as it is
  }
}

export function languageName(code: string | undefined): string | undefined {
  return nameOf((languages ??= new Intl.DisplayNames(undefined, { type: 'language' })), code);
}

export function territoryName(code: string | undefined): string | undefined {
  return nameOf((regions ??= new Intl.DisplayNames(undefined, { type: 'region' })), code?.toUpperCase());
}
