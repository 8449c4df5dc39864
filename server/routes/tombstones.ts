/**
 * `DELETE` of a record kept as a tombstone (the Store has no delete): the record gets `deleted: true` and its unique
 * `key` is freed (`deleted:<id>`), so it leaves every list and its name can be used again. If-Match honoured; a
 * record the caller may not edit is `404` (`requireEditable` throws). Glossary terms and delivery specifications.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Collection, Doc, Stored } from '../storage/store';
import { isRecordId } from '../storage/store';
import type { Services } from '../context';
import { callerOf } from '../context';
import { expectedVersion } from '../http/etag';
import { notFound } from '../http/errors';
import type { Caller } from '../domain/types';
import { findOr404, presentContext, withConflict } from './helpers';
import type { PresentContext } from '../http/present';

export interface Tombstoned<T extends Doc> {
  collection: Collection;
  what: string;
  requireEditable: (caller: Caller, doc: T) => void;
  present: (ctx: PresentContext, doc: T) => unknown;
}

export async function deleteAsTombstone<T extends Doc & { key: string }>(
  request: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
  services: Services,
  spec: Tombstoned<T>,
): Promise<FastifyReply> {
  const caller = callerOf(request);
  const id = request.params.id;
  if (!isRecordId(id)) throw notFound(spec.what);
  const expected = expectedVersion(request, id);
  const ctx = presentContext(request, services);
  await withConflict(
    spec.what,
    () =>
      services.store.transaction(async (tx) => {
        const found: Stored<T> = await findOr404(tx, spec.collection, id, spec.what, { forUpdate: true });
        spec.requireEditable(caller, found.doc);
        const tombstone: T = { ...found.doc, deleted: true, key: `deleted:${id}` };
        await tx.replace(spec.collection, tombstone, expected ?? found.version);
      }),
    (current) => spec.present(ctx, current as T),
  );
  return reply.code(204).send();
}
