/**
 * Nothing lost: debounced autosave to `PUT /translations/{id}` with `If-Match`, a copy of unsaved edits in the
 * browser, and a visible state. A 409 fetches the server's version and hands it to the conflict view; a
 * dropped connection waits for the browser to come back online.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Line, Translation } from '../../../api/schema/translation';
import { isApiError } from '../../../api/client';
import { conflictCurrent, getTranslation, putTranslationIfMatch } from '../../../api/translations';
import type { EditorDocument } from '../model/editorDocument';
import { numbered } from '../model/lineFields';
import { browserStorage, clearDraft, saveDraft } from '../model/drafts';
import { translationSaved } from '../../../lib/workRecords';

export type SaveStatus = 'saved' | 'saving' | 'unsaved' | 'offline' | 'conflict' | 'error';

export interface ConflictState {
  base: Line[];
  mine: Line[];
  theirs: Line[];
  theirsEtag: string | undefined;
}

export interface SyncMeta {
  status: string | undefined;
  approval: boolean | undefined;
}

const SAVE_DELAY_MS = 1500;
const DRAFT_DELAY_MS = 300;
const RETRY_MS = 10_000;

interface Options {
  doc: EditorDocument;
  translationId: string;
  /** The work request whose embedded copy of the translation each save keeps true (lib/workRecords.ts). */
  workRequestId: string;
  etag: string | undefined;
  /** The lines as the server has them now. */
  baseLines: Line[];
  meta: SyncMeta;
  readOnly: boolean;
}

export function useTranslationSync({
  doc,
  translationId,
  workRequestId,
  etag: initialEtag,
  baseLines,
  meta: initialMeta,
  readOnly,
}: Options) {
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [error, setError] = useState<string | undefined>();
  const [conflict, setConflict] = useState<ConflictState | undefined>();
  const [meta, setMeta] = useState<SyncMeta>(initialMeta);
  const [savedAt, setSavedAt] = useState<number | undefined>();
  const etag = useRef(initialEtag);
  const base = useRef(baseLines);
  const savedVersion = useRef(doc.editVersion);
  /** The save on its way, if any: one at a time. */
  const inFlight = useRef<Promise<boolean> | undefined>(undefined);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const draftTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const blocked = useRef(false);
  const client = useQueryClient();

  const writeDraft = useCallback(() => {
    clearTimeout(draftTimer.current);
    if (doc.editVersion === savedVersion.current) return;
    saveDraft(browserStorage(), { translationId, baseEtag: etag.current, lines: doc.lines(), savedAt: Date.now() });
  }, [doc, translationId]);

  const sendOnce = useCallback(
    async (extra: Partial<Translation>): Promise<boolean> => {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        setStatus('offline');
        return false;
      }
      const version = doc.editVersion;
      const lines = numbered(doc.lines());
      setStatus('saving');
      try {
        const saved = await putTranslationIfMatch(translationId, { lines, ...extra }, etag.current);
        etag.current = saved.etag;
        base.current = lines;
        translationSaved(client, workRequestId, saved, extra.status !== undefined || extra.approval !== undefined);
        savedVersion.current = version;
        setMeta({ status: saved.data.status, approval: saved.data.approval });
        setSavedAt(Date.now());
        setError(undefined);
        if (doc.editVersion === version) {
          clearDraft(browserStorage(), translationId);
          setStatus('saved');
        } else setStatus('unsaved');
        return true;
      } catch (e) {
        // A 409 with the record as it now is: someone else saved. Another 409 (a translation submitted while its
        // work request is not in progress: docs/API.md, "Workflow") is refused as it is, with the server's reason.
        if (
          isApiError(e) &&
          e.status === 409 &&
          (e.details as { current?: unknown } | undefined)?.current !== undefined
        ) {
          blocked.current = true;
          // The server's version and its ETag, read together; the 409's own copy when the GET is unavailable.
          let theirs = conflictCurrent(e);
          let theirsEtag: string | undefined;
          try {
            const fresh = await getTranslation(translationId);
            theirs = fresh.data;
            theirsEtag = fresh.etag;
          } catch {
            // Keep the 409's copy.
          }
          setConflict({ base: base.current, mine: lines, theirs: theirs?.lines ?? [], theirsEtag });
          setMeta({ status: theirs?.status, approval: theirs?.approval });
          setStatus('conflict');
        } else if (isApiError(e) && e.status === 0) {
          setStatus('offline');
        } else {
          setError(e instanceof Error ? e.message : 'The save failed.');
          setStatus('error');
        }
        return false;
      }
    },
    [client, doc, translationId, workRequestId],
  );

  /** Sends the lines (and `extra`); false at once when a save is already on its way. */
  const send = useCallback(
    (extra: Partial<Translation> = {}): Promise<boolean> => {
      if (inFlight.current) return Promise.resolve(false);
      const sending = sendOnce(extra).finally(() => {
        inFlight.current = undefined;
      });
      inFlight.current = sending;
      return sending;
    },
    [sendOnce],
  );

  const schedule = useCallback(
    (delay = SAVE_DELAY_MS) => {
      // A failed save is retried, and edits made while one was on its way are saved after it.
      const arm = (ms: number) => {
        clearTimeout(saveTimer.current);
        saveTimer.current = setTimeout(() => {
          if (blocked.current || doc.editVersion === savedVersion.current) return;
          void send().then((ok) => {
            if (!ok && !blocked.current) arm(RETRY_MS);
            else if (ok && doc.editVersion !== savedVersion.current) arm(SAVE_DELAY_MS);
          });
        }, ms);
      };
      arm(delay);
    },
    [doc, send],
  );

  // Every edit: unsaved, a draft soon, a save a little later.
  useEffect(
    () =>
      doc.subscribe(() => {
        if (doc.editVersion === savedVersion.current || readOnly) return;
        setStatus((s) => (s === 'conflict' || s === 'offline' || s === 'saving' ? s : 'unsaved'));
        clearTimeout(draftTimer.current);
        draftTimer.current = setTimeout(writeDraft, DRAFT_DELAY_MS);
        if (!blocked.current) schedule();
      }),
    [doc, readOnly, schedule, writeDraft],
  );

  // Back online: save what is waiting.
  useEffect(() => {
    const online = () => {
      if (!blocked.current && doc.editVersion !== savedVersion.current) schedule(0);
    };
    const offline = () => setStatus((s) => (s === 'saved' ? s : 'offline'));
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [doc, schedule]);

  // Leaving with unsaved edits: keep them and ask.
  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (doc.editVersion === savedVersion.current) return;
      writeDraft();
      event.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('pagehide', writeDraft);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('pagehide', writeDraft);
      writeDraft();
      clearTimeout(saveTimer.current);
    };
  }, [doc, writeDraft]);

  /**
   * Saves now (Ctrl+S), optionally with other fields (status, approval) in the same request; an autosave on its
   * way is waited for first (a Submit pressed during one would otherwise fail).
   */
  const saveNow = useCallback(
    async (extra?: Partial<Translation>) => {
      clearTimeout(saveTimer.current);
      while (inFlight.current) await inFlight.current;
      if (blocked.current) return false;
      if (!extra && doc.editVersion === savedVersion.current) return true;
      return send(extra);
    },
    [doc, send],
  );

  /** The user chose per line: the result becomes the editor's lines (undoable) and is saved over theirs. */
  const resolve = useCallback(
    (lines: Line[]) => {
      const current = conflict;
      if (!current) return;
      etag.current = current.theirsEtag ?? etag.current;
      base.current = current.theirs;
      blocked.current = false;
      setConflict(undefined);
      doc.replaceAll('Resolve conflict', lines);
      void saveNow();
    },
    [conflict, doc, saveNow],
  );

  /** A draft from an older server version: compare it with the server's lines line by line. */
  const openConflict = useCallback((mine: Line[]) => {
    blocked.current = true;
    setConflict({ base: [], mine, theirs: base.current, theirsEtag: etag.current });
    setStatus('conflict');
  }, []);

  return { status, error, conflict, meta, savedAt, etag, saveNow, resolve, openConflict };
}
