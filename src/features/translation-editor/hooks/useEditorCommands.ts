/**
 * What each editor command does (model/shortcuts.ts names them; keys, buttons and rows call them): edits through the
 * document, moves of the focus, the media commands, and the dialogs they open. A read-only translation takes only
 * the commands that change nothing.
 */
import { useCallback, type RefObject } from 'react';
import type { EditorDocument } from '../model/editorDocument';
import type { Command } from '../model/shortcuts';
import { toggleTag, type FormatTag } from '../model/text';
import { positionOf } from '../model/lineFields';
import { statusLabel } from '../../../lib/statuses';
import type { MemoryApi } from '../components/MemoryBar';
import { insertGlossaryTerm } from '../components/glossaryInsert';
import { isMediaCommand, runMediaCommand } from '../components/mediaCommands';
import type { MediaController } from './usePlayback';
import type { FocusRequest } from './useLineFocus';
import { nextProblemIndex, openProblems } from '../model/qc/problemNavigation';
import type { QcRuleId } from '../model/qc/types';

export type EditorDialog = 'shortcuts' | 'import' | 'submit' | 'profile' | 'stl' | 'sendBack';

/** Why Submit is not offered: the order is not in progress (docs/API.md, "Workflow"). */
export function notSubmittable(workRequestStatus: string | undefined): string {
  return `Submitting opens once the order is in progress (it is ${workRequestStatus ? `“${statusLabel(workRequestStatus)}”` : 'without status'}).`;
}

interface Options {
  doc: EditorDocument;
  idBase: string;
  readOnly: boolean;
  submittable: boolean;
  workRequestStatus: string | undefined;
  media: MediaController;
  memoryApi: RefObject<MemoryApi | undefined>;
  activeIndex: number;
  focusRow: (index: number, options?: FocusRequest) => void;
  announce: (text: string) => void;
  saveNow: () => Promise<boolean>;
  openFind: () => void;
  openDialog: (dialog: EditorDialog) => void;
  /** The rule the grid is filtered to (F8 then goes through its lines only), if any. */
  shownRule: QcRuleId | undefined;
  /** Whether the translator accepted a line's problem by a rule (F8 skips it, as Submit does). */
  isAccepted: (index: number, rule: QcRuleId) => boolean;
}

export function useEditorCommands({
  doc,
  idBase,
  readOnly,
  submittable,
  workRequestStatus,
  media,
  memoryApi,
  activeIndex,
  focusRow,
  announce,
  saveNow,
  openFind,
  openDialog,
  shownRule,
  isAccepted,
}: Options) {
  const jumpToProblem = useCallback(
    (direction: 1 | -1) => {
      const rows = doc.problemRows();
      const next = nextProblemIndex(rows, activeIndex, direction, shownRule, isAccepted);
      const row = rows.find((r) => r.index === next);
      if (next === undefined || !row) announce(shownRule ? 'No open problems by this rule.' : 'No open problems.');
      else {
        focusRow(next, { caret: 'end' });
        announce(
          `Line ${next + 1}: ${openProblems(row, shownRule, isAccepted)
            .map((p) => p.message)
            .join('; ')}`,
        );
      }
    },
    [activeIndex, announce, doc, focusRow, isAccepted, shownRule],
  );

  const runCommand = useCallback(
    (command: Command, index: number, textarea: HTMLTextAreaElement | undefined) => {
      const editing = !readOnly;
      if (isMediaCommand(command)) {
        runMediaCommand(command, { doc, index, controller: media, readOnly, announce });
        return;
      }
      const format = (tag: FormatTag) => {
        if (!editing || !textarea) return;
        const edit = toggleTag(textarea.value, textarea.selectionStart, textarea.selectionEnd, tag);
        doc.setText(index, edit.text);
        doc.seal();
        focusRow(index, { selection: [edit.selectionStart, edit.selectionEnd] });
      };
      switch (command) {
        case 'undo': {
          if (!editing) return;
          const at = doc.undo();
          if (at === undefined) announce('Nothing to undo.');
          else {
            announce(`Undone. Line ${at + 1}.`);
            focusRow(at, { caret: 'end' });
          }
          return;
        }
        case 'redo': {
          if (!editing) return;
          const at = doc.redo();
          if (at === undefined) announce('Nothing to redo.');
          else {
            announce(`Redone. Line ${at + 1}.`);
            focusRow(at, { caret: 'end' });
          }
          return;
        }
        case 'bold':
          return format('b');
        case 'italic':
          return format('i');
        case 'underline':
          return format('u');
        case 'next-line':
          return focusRow(index + 1, { caret: 'end' });
        case 'previous-line':
          return focusRow(index - 1, { caret: 'end' });
        case 'focus-timing':
          return focusRow(index, { field: 'start' });
        case 'split':
          if (editing && doc.split(index, textarea?.selectionStart ?? (doc.row(index)?.line.text ?? '').length)) {
            announce(`Line ${index + 1} split in two.`);
            focusRow(index + 1, { caret: 'start' });
          }
          return;
        case 'merge':
          if (editing && doc.mergeWithNext(index)) {
            announce(`Line ${index + 1} merged with the next.`);
            focusRow(index, { caret: 'end' });
          }
          return;
        case 'reset':
          if (editing && doc.reset(index)) {
            announce(`Line ${index + 1} reset.`);
            focusRow(index, { caret: 'end' });
          }
          return;
        case 'copy-original': {
          const row = doc.row(index);
          const original = row && doc.originalOf(row.line);
          if (editing && original !== undefined && doc.setText(index, original)) {
            doc.seal();
            focusRow(index, { caret: 'end' });
          }
          return;
        }
        case 'insert-term': {
          if (!editing) return;
          const done = insertGlossaryTerm(doc, idBase, index, undefined);
          if ('reason' in done) announce(done.reason);
          else {
            announce(
              done.replaced !== undefined
                ? `Replaced “${done.replaced}” with “${done.inserted}”.`
                : `Inserted “${done.inserted}”.`,
            );
            focusRow(index, { caret: done.caret });
          }
          return;
        }
        case 'use-memory':
          if (editing && !memoryApi.current?.useBest(index)) announce('No memory match for this line.');
          return;
        case 'start-earlier':
          if (editing) doc.nudge(index, 'start', -1);
          return;
        case 'start-later':
          if (editing) doc.nudge(index, 'start', 1);
          return;
        case 'stop-earlier':
          if (editing) doc.nudge(index, 'stop', -1);
          return;
        case 'stop-later':
          if (editing) doc.nudge(index, 'stop', 1);
          return;
        case 'toggle-position': {
          const row = doc.row(index);
          if (editing && row) doc.setPosition(index, positionOf(row.line) === 'top' ? 'bottom' : 'top');
          return;
        }
        case 'next-problem':
          return jumpToProblem(1);
        case 'previous-problem':
          return jumpToProblem(-1);
        case 'find':
          return openFind();
        case 'save':
          void saveNow();
          return;
        case 'submit':
          if (editing && submittable) openDialog('submit');
          else if (editing) announce(notSubmittable(workRequestStatus));
          return;
        case 'focus-line':
          return focusRow(index, { caret: 'end' });
        case 'shortcuts':
          return openDialog('shortcuts');
      }
    },
    [
      announce,
      doc,
      focusRow,
      idBase,
      jumpToProblem,
      media,
      memoryApi,
      openDialog,
      openFind,
      readOnly,
      saveNow,
      submittable,
      workRequestStatus,
    ],
  );

  return { runCommand, jumpToProblem };
}
