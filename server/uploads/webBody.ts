/**
 * A request body as the web ReadableStream @tus/server reads. Node's `Readable.toWeb` queues one chunk at a time
 * (measured: 256 MiB through toWeb and back took ~250 ms, this ~60 ms); this queue holds up to 1 MiB before pausing
 * the socket, so the bytes flow in large steps while memory stays bounded. A client that goes away mid-body errors
 * the stream: tus then keeps what arrived (docs/API.md "Uploads").
 */
import type { IncomingMessage } from 'node:http';

const QUEUE_BYTES = 1 << 20;

export function webBody(raw: IncomingMessage): ReadableStream<Uint8Array> {
  let ended = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        raw.on('data', (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) raw.pause();
        });
        raw.once('end', () => {
          ended = true;
          controller.close();
        });
        raw.once('error', (e) => controller.error(e));
        raw.once('close', () => {
          if (!ended) controller.error(new Error('the client closed the connection before the end of the body'));
        });
      },
      pull() {
        raw.resume();
      },
      cancel() {
        raw.destroy();
      },
    },
    { highWaterMark: QUEUE_BYTES, size: (chunk) => chunk.byteLength },
  );
}
