import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { pagePolicy, WAVEFORM_STYLE_HASH } from '../../server/http/securityHeaders';
import { WAVEFORM_HEIGHT } from '../../src/features/translation-editor/components/waveformOptions';

/** The text of the <style> element wavesurfer.js puts in its shadow DOM, as the installed version writes it. */
function wavesurferStyle(height: number): string {
  const require = createRequire(import.meta.url);
  const source = readFileSync(
    require.resolve('wavesurfer.js').replace(/wavesurfer\.cjs$/, 'wavesurfer.esm.js'),
    'utf8',
  );
  const tag = source.indexOf('<style${');
  const open = source.indexOf('>', source.indexOf('}', tag)) + 1;
  const text = source.slice(open, source.indexOf('</style>', open));
  const filled = text.replace(/\$\{[^}]*getHeight\([^}]*\}/, String(height));
  expect(filled, 'the style has no other interpolation').not.toContain('${');
  return filled.replace(/\\n/g, '\n');
}

describe('page CSP', () => {
  it("allows exactly the waveform's style element by hash, and no other inline style", () => {
    const hash = createHash('sha256').update(wavesurferStyle(WAVEFORM_HEIGHT)).digest('base64');
    expect(WAVEFORM_STYLE_HASH).toBe(`'sha256-${hash}'`);
    const styleSrc = pagePolicy('/api')
      .split('; ')
      .find((d) => d.startsWith('style-src'));
    expect(styleSrc).toBe(`style-src 'self' ${WAVEFORM_STYLE_HASH}`);
    expect(pagePolicy('/api')).not.toContain('unsafe-inline');
  });
});
