/**
 * The whole file's MD5 off the page's thread (docs/API.md "Uploads": `md5` is declared when the upload is made):
 * hash-wasm's incremental MD5 over 8 MiB slices, so a GB file is read piece by piece and the page never freezes.
 * Posts `{progress}` (bytes read) as it goes and `{md5}` at the end, or `{error}`.
 */
import { createMD5 } from 'hash-wasm';

const SLICE = 8 * 2 ** 20;

self.onmessage = async (event: MessageEvent<{ file: Blob }>) => {
  try {
    const { file } = event.data;
    const md5 = await createMD5();
    md5.init();
    for (let at = 0; at < file.size; at += SLICE) {
      md5.update(new Uint8Array(await file.slice(at, at + SLICE).arrayBuffer()));
      self.postMessage({ progress: Math.min(at + SLICE, file.size) });
    }
    self.postMessage({ md5: md5.digest('hex') });
  } catch (e) {
    self.postMessage({ error: e instanceof Error ? e.message : String(e) });
  }
};
