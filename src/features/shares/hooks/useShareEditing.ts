/**
 * A share's edits, kept until saved once: the draft over the version it started from, PUT /shares/{id} with that
 * version's ETag as If-Match and only the changed fields. Nothing is lost: a failed save keeps the edits; a 409 reads
 * their version (the 409's own copy when that read fails) for the conflict view, whose "re-apply" rebases the edits
 * onto it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../api/client';
import type { Share } from '../../../api/schema/share';
import { shareConflictCurrent } from '../../../api/shares';
import type { VersionedRecord } from '../../../api/versioned';
import { useRecordNames } from '../../../lib/useRecordNames';
import { describeDraftChanges } from '../model/describe';
import { buildPutBody, changedFields, draftFrom, validateDraft, type ShareDraft } from '../model/draft';
import { rebaseDraft } from '../model/merge';
import { shareOptions, useSaveShare } from '../queries';

export type VersionedShare = VersionedRecord<Share>;

interface Editing {
  /** The version the edits started from (its ETag goes out as If-Match). */
  base: VersionedShare;
  draft: ShareDraft;
}

export function useShareEditing(id: string, server: VersionedShare) {
  const client = useQueryClient();
  const save = useSaveShare(id);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [conflict, setConflict] = useState<VersionedShare | null>(null);
  const [rebased, setRebased] = useState<string[] | null>(null);
  const [savedAt, setSavedAt] = useState<number>();
  const sent = useRef<ShareDraft | null>(null);

  const base = editing?.base ?? server;
  const baseDraft = useMemo(() => draftFrom(base.data), [base]);
  const draft = editing?.draft ?? baseDraft;
  const changes = useMemo(() => changedFields(baseDraft, draft), [baseDraft, draft]);
  const dirty = changes.length > 0;
  const groupName = useRecordNames('groups');
  const changeWords = useMemo(
    () => (dirty ? describeDraftChanges(baseDraft, draft, groupName) : []),
    [dirty, baseDraft, draft, groupName],
  );
  const problems = validateDraft(draft);

  const update = useCallback(
    (fn: (d: ShareDraft) => ShareDraft) => {
      setSavedAt(undefined);
      setEditing((current) => {
        const b = current?.base ?? server;
        const next = fn(current?.draft ?? draftFrom(b.data));
        return changedFields(draftFrom(b.data), next).length ? { base: b, draft: next } : null;
      });
    },
    [server],
  );

  /** A 409: their version and its ETag, read together; the 409's own copy when the read fails. */
  const showConflict = async (error: unknown) => {
    let theirs: VersionedShare | undefined;
    try {
      theirs = await client.fetchQuery({ ...shareOptions(id), staleTime: 0 });
    } catch {
      const current = shareConflictCurrent(error);
      if (current) theirs = { data: current, problems: [], etag: undefined };
    }
    if (theirs) setConflict(theirs);
  };

  const submit = () => {
    if (!dirty || problems.length || save.isPending || conflict) return;
    sent.current = draft;
    setRebased(null);
    save.mutate(
      { body: buildPutBody(base.data, draft), etag: base.etag },
      {
        onSuccess: (saved) => {
          setSavedAt(Date.now());
          // Edits made while the save was on its way stay, now on top of the saved version.
          setEditing((current) => {
            if (!current || current.draft === sent.current) return null;
            return changedFields(draftFrom(saved.data), current.draft).length
              ? { base: saved, draft: current.draft }
              : null;
          });
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 409) void showConflict(error);
        },
      },
    );
  };

  const reapply = () => {
    if (!conflict) return;
    const result = rebaseDraft(baseDraft, draft, draftFrom(conflict.data));
    const still = changedFields(draftFrom(conflict.data), result.draft).length > 0;
    setEditing(still ? { base: conflict, draft: result.draft } : null);
    setRebased(result.conflicts);
    setConflict(null);
    save.reset();
  };
  const discard = () => {
    setEditing(null);
    setConflict(null);
    setRebased(null);
    save.reset();
  };

  const staleBase = !!editing && !!server.etag && !!editing.base.etag && server.etag !== editing.base.etag && !conflict;
  const saveError = save.error && !(isApiError(save.error) && save.error.status === 409) ? save.error : null;

  return {
    base,
    baseDraft,
    draft,
    changes,
    dirty,
    changeWords,
    problems,
    update,
    submit,
    reapply,
    discard,
    saving: save.isPending,
    saveError,
    savedAt,
    conflict,
    rebased,
    staleBase,
  };
}

export type ShareEditing = ReturnType<typeof useShareEditing>;
