/** Translations: the spec's PUT /translations/{id}, and the list / get extensions. */
import type { FastifyPluginAsync } from 'fastify';
import { translation as translationSchema, TRANSLATION_STATUSES } from '../../src/api/schema/translation';
import type { Filter } from '../storage/store';
import type { Caller, TranslationDoc, WorkRequestDoc } from '../domain/types';
import { callerOf } from '../context';
import { presentTranslation } from '../http/present';
import { lineStats, LINE_FIELDS, SUMMARY_FIELD, summarize } from '../domain/translations';
import { badRequest, forbidden, notFound } from '../http/errors';
import { sendRecord } from '../http/records';
import { emitWorkRequestEvent } from '../domain/events';
import { findOr404, presentContext, queryString, sendPage, updateRecord, eqFilter, type RouteOptions } from './helpers';

function canSeeTranslation(caller: Caller, t: TranslationDoc): boolean {
  return caller.isAdmin || caller.isCoordinator || t.translator?._id === caller.id;
}

/** Server-owned fields a translator may not change. */
const COORDINATOR_FIELDS = ['approval', 'translator', 'asset', 'workRequest', 'language'] as const;

export const translationRoutes: FastifyPluginAsync<RouteOptions> = async (app, { services }) => {
  const { store, bus } = services;

  app.get('/translations', async (request, reply) => {
    const caller = callerOf(request);
    const ctx = presentContext(request, services);
    const filters: Filter[] = [];
    if (!caller.isAdmin && !caller.isCoordinator) filters.push({ field: 'translator', op: 'eq', value: caller.id });
    const status = queryString(request, 'status');
    if (status && !(TRANSLATION_STATUSES as readonly string[]).includes(status)) {
      throw badRequest(`status: expected one of ${TRANSLATION_STATUSES.join(', ')}`);
    }
    filters.push(...eqFilter('status', status), ...eqFilter('language', queryString(request, 'language')));
    // Transcriptions (the original-language records of assets) have no work request: they are not work.
    filters.push({ field: 'workRequest', op: 'gt', value: '' });
    return sendPage<TranslationDoc>(request, reply, services, 'Translations', { filters, omit: LINE_FIELDS }, (t) => {
      const wr = t.workRequest ? store.get<WorkRequestDoc>('Workrequests', t.workRequest)?.doc : undefined;
      return {
        ...presentTranslation(ctx, t, false),
        due: wr?.due,
        assetName: wr?.asset?.name,
        workRequestStatus: wr?.status,
      };
    });
  });

  app.get<{ Params: { id: string } }>('/translations/:id', async (request, reply) => {
    const caller = callerOf(request);
    const found = findOr404<TranslationDoc>(services, 'Translations', request.params.id, 'translation');
    if (!canSeeTranslation(caller, found.doc) && found.doc.workRequest) throw notFound('translation');
    return sendRecord(reply, found, presentTranslation(presentContext(request, services), found.doc, true));
  });

  app.put<{ Params: { id: string } }>('/translations/:id', async (request, reply) =>
    updateRecord<TranslationDoc>(request, reply, services, {
      collection: 'Translations',
      what: 'translation',
      schema: translationSchema,
      authorize(caller, current) {
        if (caller.isAdmin || caller.isCoordinator) return;
        if (!current || current.translator?._id !== caller.id) throw forbidden('this translation is assigned to someone else');
        if (current.status === 'submitted') throw forbidden('this translation was submitted: it is read-only until sent back');
      },
      prepare(next, fields, caller, current) {
        if (fields.status !== undefined && !(TRANSLATION_STATUSES as readonly unknown[]).includes(fields.status)) {
          throw badRequest(`status: expected one of ${TRANSLATION_STATUSES.join(', ')}`);
        }
        const out: Record<string, unknown> = { ...next, ...lineStats(next.lines) };
        if (!caller.isAdmin && !caller.isCoordinator && current) {
          for (const k of COORDINATOR_FIELDS) if (k in fields) out[k] = current[k];
        }
        return out as TranslationDoc;
      },
      present: (ctx, t) => presentTranslation(ctx, t, true),
      // authorize, prepare and after read status, translator and the coordinator fields, never the old lines.
      replacedUnread: ['lines'],
      after(saved, previous, caller) {
        // Keep the work request's summary of this translation in step (lists show it and filter on its translator).
        const found = saved.workRequest ? store.get<WorkRequestDoc>('Workrequests', saved.workRequest) : undefined;
        if (found) {
          const field = found.doc.translation === saved._id ? SUMMARY_FIELD.translation
            : found.doc.graphicsTranslation === saved._id ? SUMMARY_FIELD.graphicsTranslation : undefined;
          if (field) store.replace('Workrequests', { ...found.doc, [field]: summarize(saved) });
        }
        if (previous?.status !== 'submitted' && saved.status === 'submitted' && saved.workRequest) {
          const wr = store.get<WorkRequestDoc>('Workrequests', saved.workRequest)?.doc;
          if (wr) emitWorkRequestEvent(store, bus, { type: 'translation-submitted', actor: caller, workRequest: wr });
        }
      },
    }, request.params.id),
  );
};
