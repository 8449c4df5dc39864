/**
 * Reads a picked subtitle file in a worker of its own (subtitleImport.worker.ts), so that parsing never blocks the
 * page; aborting the signal (the import dialog closing, or another file picked) ends the worker at once.
 */
import type { SubtitleFileRead } from './subtitleImport';
import { checkFileSize } from './importLimits';
import { SubtitleParseError } from './subtitleParseError';

export interface ImportRequest {
  file: File;
  /** The encoding the translator chose (SRT, WebVTT); undefined to detect it. */
  encoding: string | undefined;
}

export type ImportReply = { ok: true; read: SubtitleFileRead } | { ok: false; message: string };

/**
 * The file's cues. Rejects with SubtitleParseError (its message for the translator) when the file is refused —
 * a file over the size limit before any of it is read — and with an AbortError when aborted.
 */
export function readSubtitleFileInWorker(
  file: File,
  encoding: string | undefined,
  signal: AbortSignal,
): Promise<SubtitleFileRead> {
  return new Promise((resolve, reject) => {
    checkFileSize(file.size);
    if (signal.aborted) throw new DOMException('The read was stopped.', 'AbortError');
    const worker = new Worker(new URL('./subtitleImport.worker.ts', import.meta.url), {
      type: 'module',
      name: 'subtitle-import',
    });
    const end = () => {
      worker.terminate();
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      end();
      reject(new DOMException('The read was stopped.', 'AbortError'));
    };
    signal.addEventListener('abort', onAbort);
    worker.addEventListener('message', (event: MessageEvent<ImportReply>) => {
      end();
      if (event.data.ok) resolve(event.data.read);
      else reject(new SubtitleParseError(event.data.message));
    });
    worker.addEventListener('error', (event) => {
      end();
      reject(new Error(`Could not read this file (${event.message || 'the reader stopped'}).`));
    });
    worker.postMessage({ file, encoding } satisfies ImportRequest);
  });
}
