/** One cache entry per work request and translation (workRecords.ts): a save keeps every copy true. */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Translation } from '../api/schema/translation';
import type { WorkRequest } from '../api/schema/workRequest';
import { translationSaved } from './workRecords';
import { workRecordKeys } from './workRecordKeys';

const line = (text: string) => ({ number: 1, start: 0, stop: 1000, text });

function cached() {
  const client = new QueryClient();
  const wr: WorkRequest = {
    _id: 'wr1',
    status: 'in-progress',
    translation: { _id: 't1', status: 'incomplete', approval: false, lines: [line('old')], $etag: '"t1-1"' },
    graphicsTranslation: { _id: 't2', status: 'incomplete' },
  };
  client.setQueryData(workRecordKeys.workRequest('wr1'), { data: wr, problems: [] });
  client.setQueryData(workRecordKeys.translation('t1'), {
    data: { _id: 't1', status: 'incomplete' },
    problems: [],
    etag: '"t1-1"',
  });
  client.setQueryData([...workRecordKeys.workRequests, 'list', {}], { pages: [], pageParams: [] });
  return client;
}

const saved = (fields: Translation) => ({
  data: { _id: 't1', lines: [line('new')], ...fields },
  problems: [],
  etag: '"t1-2"',
});

describe('translationSaved', () => {
  it('puts the answer in the translation entry and the work request embedded copy, leaving the other translation', () => {
    const client = cached();
    translationSaved(client, 'wr1', saved({ status: 'submitted', approval: false }), true);
    const wr = client.getQueryData<{ data: WorkRequest }>(workRecordKeys.workRequest('wr1'))?.data;
    expect(wr?.translation).toMatchObject({ status: 'submitted', lines: [line('new')], $etag: '"t1-2"' });
    expect(wr?.graphicsTranslation).toEqual({ _id: 't2', status: 'incomplete' });
    expect(client.getQueryData(workRecordKeys.translation('t1'))).toMatchObject({
      data: { status: 'submitted' },
      etag: '"t1-2"',
    });
  });

  it('marks the lists and the work request stale when the status moved, and not for a plain save', () => {
    const client = cached();
    const listState = () => client.getQueryCache().find({ queryKey: [...workRecordKeys.workRequests, 'list', {}] });
    translationSaved(client, 'wr1', saved({ status: 'incomplete' }), false);
    expect(listState()?.state.isInvalidated).toBe(false);
    translationSaved(client, 'wr1', saved({ status: 'submitted' }), true);
    expect(listState()?.state.isInvalidated).toBe(true);
    expect(client.getQueryCache().find({ queryKey: workRecordKeys.workRequest('wr1') })?.state.isInvalidated).toBe(
      true,
    );
  });

  it('does not make entries that no page has read', () => {
    const client = new QueryClient();
    translationSaved(client, 'wr9', saved({ status: 'submitted' }), true);
    expect(client.getQueryData(workRecordKeys.workRequest('wr9'))).toBeUndefined();
    expect(client.getQueryData(workRecordKeys.translation('t1'))).toBeUndefined();
  });
});
