/** Runs the MD5 worker (md5.worker.ts) for one file: the hex MD5, progress as it reads, and a way to stop. */
export interface Hashing {
  done: Promise<string>;
  cancel: () => void;
}

export function hashFile(file: Blob, onProgress: (bytes: number) => void): Hashing {
  const worker = new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' });
  let settle: { reject: (e: Error) => void } | undefined;
  const done = new Promise<string>((resolve, reject) => {
    settle = { reject };
    worker.onmessage = (event: MessageEvent<{ progress?: number; md5?: string; error?: string }>) => {
      const { progress, md5, error } = event.data;
      if (progress !== undefined) onProgress(progress);
      if (md5 !== undefined) resolve(md5);
      if (error !== undefined) reject(new Error(`the file could not be read: ${error}`));
      if (md5 !== undefined || error !== undefined) worker.terminate();
    };
    worker.onerror = (e) => {
      reject(new Error(`the file could not be read: ${e.message}`));
      worker.terminate();
    };
  });
  worker.postMessage({ file });
  return {
    done,
    cancel: () => {
      worker.terminate();
      settle?.reject(new Error('cancelled'));
    },
  };
}
