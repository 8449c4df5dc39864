/**
 * The waveform's height in pixels. wavesurfer.js writes it into the <style> element of its shadow DOM, whose
 * hash the pages' CSP allows (server/http/securityHeaders.ts, checked by test/api/pageStyleHash.test.ts): a
 * change here needs the new hash there.
 */
export const WAVEFORM_HEIGHT = 88;
