/** What an upload may be (uploadRules.ts): its metadata, its type by extension and declared type, its size's words. */
import { expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { bytesText, checkDeclaration, uploadMime } from './uploadRules';

const md5 = '0123456789abcdef0123456789abcdef';
const asset = 'a'.repeat(24);

function refusal(fn: () => unknown): { status: number; message: string } {
  try {
    fn();
  } catch (e) {
    if (e instanceof HttpError) return { status: e.status, message: e.message };
    throw e;
  }
  throw new Error('not refused');
}

it('stores the type of the extension, whatever the declared one says within its family', () => {
  expect(uploadMime('Reel 1.MOV', 'video/mp4')).toBe('video/quicktime');
  expect(uploadMime('mix.wav', 'application/octet-stream')).toBe('audio/wav');
  expect(uploadMime('subs.srt', undefined)).toBe('application/x-subrip');
  expect(refusal(() => uploadMime('subs.srt', 'text/html')).status).toBe(415);
  expect(refusal(() => uploadMime('clip.mp4', 'audio/wav')).status).toBe(415);
  expect(refusal(() => uploadMime('noextension', undefined)).message).toMatch(/^"noextension" files cannot be/);
});

it('needs a file name, an md5 and exactly one target', () => {
  expect(checkDeclaration({ filename: 'a.mp4', md5: md5.toUpperCase(), asset, language: 'pt-BR' })).toEqual({
    filename: 'a.mp4',
    mime: 'video/mp4',
    md5,
    target: { kind: 'asset', id: asset },
    language: 'pt-BR',
  });
  expect(checkDeclaration({ name: 'b.pdf', md5, workrequest: asset }).target).toEqual({
    kind: 'workrequest',
    id: asset,
  });
  expect(refusal(() => checkDeclaration({ filename: 'a.mp4', md5, asset, workrequest: asset })).status).toBe(400);
  expect(refusal(() => checkDeclaration({ filename: 'a\u0007.mp4', md5, asset })).status).toBe(400);
  expect(refusal(() => checkDeclaration({ filename: 'a.mp4', md5: 'xyz', asset })).status).toBe(400);
  expect(refusal(() => checkDeclaration({ filename: 'a.mp4', md5, asset: 'nope' })).status).toBe(400);
  expect(refusal(() => checkDeclaration({ filename: 'a.mp4', md5, asset, language: 'not a tag' })).status).toBe(400);
});

it('words sizes for people', () => {
  expect(bytesText(50 * 2 ** 30)).toBe('50 GiB');
  expect(bytesText(1536)).toBe('1.5 KiB');
  expect(bytesText(12)).toBe('12 bytes');
});
