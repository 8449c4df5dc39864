/** The Subtitler's keyboard commands (model/shortcuts.ts names them): playback, in/out at the playhead, zoom. */
import type { EditorDocument } from '../model/editorDocument';
import type { Command, MediaCommand } from '../model/shortcuts';
import { formatTimecode } from '../model/timecode';
import type { MediaController } from '../hooks/usePlayback';

const MEDIA_COMMANDS: ReadonlySet<Command> = new Set<MediaCommand>([
  'play-pause',
  'play-line',
  'loop-line',
  'set-start',
  'set-stop',
  'zoom-in',
  'zoom-out',
]);

export function isMediaCommand(command: Command): command is MediaCommand {
  return MEDIA_COMMANDS.has(command);
}

interface Context {
  doc: EditorDocument;
  /** The line being worked on (the focused one, not the playhead's). */
  index: number;
  controller: MediaController;
  readOnly: boolean;
  announce: (message: string) => void;
}

export function runMediaCommand(command: MediaCommand, { doc, index, controller, readOnly, announce }: Context): void {
  if (!controller.element) {
    announce('There is no preview to play.');
    return;
  }
  switch (command) {
    case 'play-pause':
      return controller.playPause();
    case 'play-line': {
      const timing = doc.timingAt(index);
      if (timing) controller.playRange(timing);
      else announce(`Line ${index + 1} has no times to play.`);
      return;
    }
    case 'loop-line':
      controller.setLooping(!controller.looping);
      announce(controller.looping ? `Looping line ${index + 1}.` : 'Loop off.');
      return;
    case 'set-start':
    case 'set-stop': {
      if (readOnly) return;
      const edge = command === 'set-start' ? 'start' : 'stop';
      const label = edge === 'start' ? 'Set start at the playhead' : 'Set stop at the playhead';
      if (doc.placeEdge(index, edge, controller.timeMs, label, false)) {
        const timing = doc.timingAt(index)!;
        announce(`Line ${index + 1} ${edge}s at ${formatTimecode(edge === 'start' ? timing.startMs : timing.stopMs)}.`);
      } else
        announce(
          `Line ${index + 1} cannot ${edge} at ${formatTimecode(controller.timeMs)}: it would overlap a neighbour or end before it starts.`,
        );
      return;
    }
    case 'zoom-in':
      return controller.setZoom(controller.zoom * 1.5);
    case 'zoom-out':
      return controller.setZoom(controller.zoom / 1.5);
  }
}
