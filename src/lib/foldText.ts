/** Lower case without accents (combining marks removed): "Français" and "francais" are one, for matching typed text. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
