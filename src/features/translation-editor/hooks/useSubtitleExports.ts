/** The lines as a subtitle file to save: SRT and WebVTT at once, TTML (IMSC 1.1 Text) with its writer loaded on first use. */
import { downloadText } from '../../../lib/download';
import type { EditorDocument } from '../model/editorDocument';
import { cuesOf } from '../model/importPlan';
import { formatSrt, formatVtt } from '../model/subtitleFiles';
import { deliverableCues } from '../model/formats/broadcastFiles';

interface Options {
  doc: EditorDocument;
  fileBaseName: string;
  language: string | undefined;
  title: string | undefined;
  announce: (text: string) => void;
}

export function useSubtitleExports({ doc, fileBaseName, language, title, announce }: Options) {
  const exportAs = (format: 'srt' | 'vtt') => {
    const cues = cuesOf(doc.lines());
    if (format === 'srt') downloadText(`${fileBaseName}.srt`, formatSrt(cues), 'application/x-subrip;charset=utf-8');
    else downloadText(`${fileBaseName}.vtt`, formatVtt(cues), 'text/vtt;charset=utf-8');
  };

  const exportTtml = async () => {
    const writer = await import('../model/formats/ttml').catch(() => undefined);
    if (!writer) return announce('The TTML writer could not be loaded. Check the connection and try again.');
    const { cues } = deliverableCues(doc.lines());
    const ttml = writer.formatTtml(cues, { language, title });
    downloadText(`${fileBaseName}.ttml`, ttml, 'application/ttml+xml;charset=utf-8');
  };

  return { exportAs, exportTtml };
}
