/** A note's time as the notes list shows it: the app's one formatter (src/lib/noteTime.ts). */
export { formatNoteTime } from '../../../lib/noteTime';
