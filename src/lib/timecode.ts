/** The one timecode parser lives with the contract (the server's submit check reads lines too). */
export { parseTimecode } from '../api/schema/timecode';
