import { describe, expect, it } from 'vitest';
import type { Line } from '../../../api/schema/translation';
import { EditorDocument } from './editorDocument';
import { Glossary } from './glossary';
import { OriginalIndex } from './originals';
import { profileFor } from './qc/profiles';
import { formatTimecode } from './timecode';

const L = (n: number, text: string, startMs = n * 3000, stopMs = n * 3000 + 2000): Line => ({
  number: n,
  text,
  startTime: formatTimecode(startMs),
  stopTime: formatTimecode(stopMs),
  alignment: 'bottom',
  custom: false,
  machine: false,
  auto: false,
});

function make(count = 5) {
  return new EditorDocument(
    Array.from({ length: count }, (_, i) => L(i + 1, `Line ${i + 1}`)),
    profileFor('fr'),
  );
}

describe('EditorDocument', () => {
  it('edits, checks the edited line live, and undoes/redoes', () => {
    const doc = make();
    expect(doc.problemRowCount).toBe(0);
    doc.setText(1, 'x'.repeat(50));
    const key = doc.row(1)!.key;
    expect(doc.problemsOf(key).map((p) => p.rule)).toContain('chars-per-line');
    expect(doc.row(1)!.line.custom).toBe(true);
    expect(doc.problemRowCount).toBe(1);
    expect(doc.undo()).toBe(1);
    expect(doc.row(1)!.line.text).toBe('Line 2');
    expect(doc.problemRowCount).toBe(0);
    doc.redo();
    expect(doc.row(1)!.line.text).toBe('x'.repeat(50));
  });

  it('re-checks the neighbour whose next line changed (overlap)', () => {
    const doc = make();
    doc.setTiming(2, 7000, 11_000); // line 2 ends at 8000: overlap now
    expect(doc.problemsOf(doc.row(1)!.key).map((p) => p.rule)).toContain('overlap');
    doc.undo();
    expect(doc.problemsOf(doc.row(1)!.key)).toEqual([]);
  });

  it("keeps a neighbour's problems array when typing does not change them (its row skips re-rendering)", () => {
    const doc = make();
    doc.setText(0, 'x'.repeat(50));
    doc.setText(2, 'y'.repeat(50));
    const neighbour = doc.problemsOf(doc.row(2)!.key);
    expect(neighbour.length).toBeGreaterThan(0);
    doc.setText(1, 'Line 2 edited'); // re-checks lines 1–3
    expect(doc.problemsOf(doc.row(2)!.key)).toBe(neighbour);
    expect(doc.problemRowCount).toBe(2);
  });

  it('touches only the edited row objects (no whole-file copies)', () => {
    const doc = make(1000);
    const before = Array.from({ length: 1000 }, (_, i) => doc.row(i));
    doc.setText(500, 'changed');
    let same = 0;
    for (let i = 0; i < 1000; i++) if (doc.row(i) === before[i]) same++;
    expect(same).toBe(999);
  });

  it('splits, merges and resets with undo', () => {
    const doc = make(3);
    expect(doc.split(0, 4)).toBe(true);
    expect(doc.count).toBe(4);
    expect([doc.row(0)!.line.text, doc.row(1)!.line.text]).toEqual(['Line', '1']);
    doc.undo();
    expect(doc.count).toBe(3);
    expect(doc.mergeWithNext(0)).toBe(true);
    expect(doc.count).toBe(2);
    expect(doc.row(0)!.line.text).toBe('Line 1\nLine 2');
    expect(doc.mergeWithNext(1)).toBe(false);
    doc.undo();
    doc.setText(2, 'edited');
    expect(doc.canReset(2)).toBe(true);
    expect(doc.reset(2)).toBe(true);
    expect(doc.row(2)!.line.text).toBe('Line 3');
  });

  it('nudges by a frame without touching neighbours', () => {
    const doc = make(2); // line 1: 3000-5000, line 2: 6000-8000
    doc.nudge(0, 'stop', 1);
    expect(doc.row(0)!.line.stopTime).toBe('00:00:05,042');
    doc.setTiming(0, 3000, 6000);
    expect(doc.nudge(0, 'stop', 1)).toBe(false);
  });

  it('snaps a dragged or nudged edge to a shot change within three frames, and not when snapping is off', () => {
    const doc = make(3); // 3000-5000, 6000-8000, 9000-11000; 24 fps (41.67 ms a frame)
    doc.setShotChanges([8500, 5880]);
    expect(doc.placeEdge(1, 'stop', 8400, 'Drag stop')).toBe(true);
    expect(doc.row(1)!.line.stopTime).toBe('00:00:08,500'); // the cut (frame 204), not frame 202
    // Nudging the start toward the cut at 5,880 (two frames beyond the frame asked for) lands on it; away, a frame.
    expect(doc.nudge(1, 'start', -1)).toBe(true);
    expect(doc.row(1)!.line.startTime).toBe('00:00:05,875'); // 5,880 on its frame (141)
    expect(doc.nudge(1, 'start', 1)).toBe(true);
    expect(doc.row(1)!.line.startTime).toBe('00:00:05,917');
    // At the playhead: the frame asked for, not the cut.
    expect(doc.placeEdge(1, 'stop', 8430, 'Stop at the playhead', false)).toBe(true);
    expect(doc.row(1)!.line.stopTime).toBe('00:00:08,417');
    doc.setShotChanges([]);
    expect(doc.placeEdge(1, 'stop', 8460, 'Drag stop')).toBe(true); // on, the cut 40 ms away would take it
    expect(doc.row(1)!.line.stopTime).toBe('00:00:08,458');
  });

  it('places a dragged edge on a frame, never into a neighbour, and undoes it in one step', () => {
    const doc = make(3); // 3000-5000, 6000-8000, 9000-11000; 24 fps
    expect(doc.placeEdge(1, 'stop', 8530, 'Drag stop')).toBe(true);
    expect(doc.row(1)!.line.stopTime).toBe('00:00:08,542'); // frame 205 at 24 fps
    expect(doc.placeEdge(1, 'stop', 9900, 'Drag stop')).toBe(true);
    expect(doc.row(1)!.line.stopTime).toBe('00:00:09,000'); // stopped at line 3's start
    expect(doc.placeEdge(1, 'stop', 9900, 'Drag stop')).toBe(false);
    expect(doc.placeEdge(1, 'start', 4000, 'Drag start')).toBe(true);
    expect(doc.row(1)!.line.startTime).toBe('00:00:05,000'); // stopped at line 1's stop
    doc.undo();
    expect(doc.row(1)!.line.startTime).toBe('00:00:06,000');
    doc.undo();
    expect(doc.row(1)!.line.stopTime).toBe('00:00:08,542');
  });

  it('moves a whole line between its neighbours, its length kept', () => {
    const doc = make(3);
    expect(doc.moveLine(1, 6500)).toBe(true);
    expect(doc.timingAt(1)).toEqual({ startMs: 6500, stopMs: 8500 });
    expect(doc.moveLine(1, 8000)).toBe(true);
    expect(doc.timingAt(1)).toEqual({ startMs: 7000, stopMs: 9000 }); // against line 3
    expect(doc.moveLine(1, 7000)).toBe(false);
    doc.undo();
    expect(doc.timingAt(1)).toEqual({ startMs: 6500, stopMs: 8500 });
  });

  it('applies replace-all as one step and finds the rows with problems', () => {
    const doc = make(4);
    doc.applyEdits(
      'Replace',
      [0, 2].map((index) => ({ index, line: { ...doc.row(index)!.line, text: '' } })),
    );
    expect(doc.history.size).toBe(1);
    expect(doc.problemRows().map((r) => r.index)).toEqual([0, 2]);
    doc.undo();
    expect(doc.problemRows()).toEqual([]);
  });

  it('uses the original text for the identical-to-original check', () => {
    const doc = make(2);
    doc.setOriginals(new OriginalIndex([L(1, 'line 1'), L(2, 'Something else')]));
    expect(doc.problemsOf(doc.row(0)!.key).map((p) => p.rule)).toEqual(['same-as-original']);
    expect(doc.originalOf(doc.row(1)!.line)).toBe('Something else');
  });

  it('opens with the originals and the glossary already here, and the same ones again change nothing', () => {
    const lines = [L(1, 'line 1'), L(2, 'Line 2')];
    const originals = new OriginalIndex([L(1, 'line 1'), L(2, 'Something else')]);
    const glossary = new Glossary([]);
    const doc = new EditorDocument(lines, profileFor('fr'), originals, glossary);
    expect(doc.problemsOf(doc.row(0)!.key).map((p) => p.rule)).toEqual(['same-as-original']);
    expect(doc.glossary).toBe(glossary);
    let emitted = 0;
    doc.subscribe(() => emitted++);
    doc.setOriginals(originals);
    doc.setGlossary(glossary);
    expect(emitted).toBe(0);
    doc.setOriginals(new OriginalIndex([L(1, 'Autre chose'), L(2, 'Something else')]));
    expect(emitted).toBe(1);
    expect(doc.problemRowCount).toBe(0);
  });

  it('changes the profile and re-checks everything', () => {
    const doc = make(2);
    doc.setProfile({ ...doc.currentProfile, maxCharsPerLine: 3 });
    expect(doc.problemRowCount).toBe(2);
  });
});
