/**
 * A signed link (docs/API.md, "Signed links") with one hex digit of its signature changed: always a different
 * signature, so a server that checks it must refuse the link.
 */
export function tamperSignature(link: string): string {
  return link.replace(/sig=([0-9a-f])/, (_m, digit: string) => `sig=${digit === '0' ? '1' : '0'}`);
}
