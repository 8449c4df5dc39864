/** The checks made before a byte is sent (uploadQueue.ts): the server's own rules, said the same way. */
import { expect, it } from 'vitest';
import { fileProblem } from './uploadQueue';

const file = (name: string, size: number, type = '') => new File([new Uint8Array(size)], name, { type });

it('refuses what the server would, with its words, before sending', () => {
  expect(fileProblem(file('reel.mov', 10, 'video/quicktime'))).toBeUndefined();
  expect(fileProblem(file('reel.mov', 0))).toBe('the file is empty');
  expect(fileProblem(file('reel.mov', 2048), 1024)).toBe(
    'the file is 2 KiB: uploads are limited to 1 KiB (1024 bytes)',
  );
  expect(fileProblem(file('page.html', 10, 'text/html'))).toMatch(/^"\.html" files cannot be uploaded: accepted are/);
  expect(fileProblem(file('clip.mp4', 10, 'text/html'))).toBe(
    'the declared type "text/html" does not match a .mp4 file (video/mp4)',
  );
});
