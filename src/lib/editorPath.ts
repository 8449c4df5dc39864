/** The editor route of a work request's translation of `kind` (the work request's page, the editor, the translations). */
export function editorPathFor(workRequest: string, kind: 'dialogue' | 'graphics'): string {
  return `/work-requests/${encodeURIComponent(workRequest)}/${kind === 'graphics' ? 'graphics-translation' : 'translation'}`;
}
