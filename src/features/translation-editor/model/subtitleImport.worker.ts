/**
 * The import's worker: reads one picked subtitle file off the page's thread (subtitleImportClient.ts starts it, one
 * per read, and ends it when the read is done or the dialog closes), so that however long a file takes, the page
 * answers the translator.
 */
import { readSubtitleFile } from './subtitleImport';
import { SubtitleParseError } from './subtitleParseError';
import type { ImportReply, ImportRequest } from './subtitleImportClient';

function reply(message: ImportReply): void {
  postMessage(message);
}

addEventListener('message', (event: MessageEvent<ImportRequest>) => {
  const { file, encoding } = event.data;
  file.arrayBuffer().then(
    (buffer) => {
      try {
        reply({ ok: true, read: readSubtitleFile(new Uint8Array(buffer), file.name, encoding) });
      } catch (e) {
        // A refused file says why; anything else (an encoding the browser cannot decode) says what failed.
        const message = e instanceof SubtitleParseError ? e.message : `Could not read this file (${String(e)}).`;
        reply({ ok: false, message });
      }
    },
    (e: unknown) => reply({ ok: false, message: `Could not read this file (${String(e)}).` }),
  );
});
