/**
 * "Export CSV" for the list or the queue as the URL selects it. The export code loads on the first click; while it
 * runs the button shows progress and can be cancelled; what was exported (and what was left out) is said after.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { WorkRequestFilters } from '../../../api/workRequests';
import { describeError } from '../../../components/ErrorPanel';
import { formatCount, plural } from '../../../lib/format';
import type { ListView } from '../model/filters';
import { studioNamesFor, withPlaceCodes } from '../filterChoices';

type State =
  | { kind: 'idle' }
  | { kind: 'running'; done: number; total: number | undefined }
  | { kind: 'done'; message: string }
  | { kind: 'failed'; message: string };

interface Props {
  view: ListView;
  filters: WorkRequestFilters;
}

export function ExportButton({ view, filters }: Props) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const client = useQueryClient();
  const controller = useRef<AbortController>(undefined);
  // Leaving the page stops an export under way.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setState({ kind: 'running', done: 0, total: undefined });
    try {
      const { exportWorkRequestsCsv, EXPORT_LIMIT } = await import('../exportList');
      // The list's language / territory terms as the codes they stand for, as the list itself asks.
      const result = await exportWorkRequestsCsv(view, await withPlaceCodes(filters, client), {
        studioName: await studioNamesFor(client),
        signal: abort.signal,
        onProgress: ({ done, total }) => setState({ kind: 'running', done, total }),
      });
      const parts = [`Exported ${plural(result.rows.length, 'work request')} to ${result.fileName}.`];
      if (result.truncated) {
        parts.push(
          `Only the first ${formatCount(EXPORT_LIMIT)}${result.total !== undefined ? ` of ${formatCount(result.total)}` : ''}: narrow the filters to export the rest.`,
        );
      }
      if (result.unreadable > 0)
        parts.push(
          `${plural(result.unreadable, 'record')} could not be read and ${result.unreadable === 1 ? 'is' : 'are'} left out.`,
        );
      setState({ kind: 'done', message: parts.join(' ') });
    } catch (error) {
      if (abort.signal.aborted) setState({ kind: 'done', message: 'Export cancelled.' });
      else setState({ kind: 'failed', message: `Could not export: ${describeError(error)}` });
    } finally {
      if (controller.current === abort) controller.current = undefined;
    }
  };

  const running = state.kind === 'running';
  return (
    <div className="export">
      {running ? (
        <>
          <span className="export__progress" role="status">
            Exporting… {formatCount(state.done)}
            {state.total !== undefined ? ` of ${formatCount(state.total)}` : ''}
          </span>
          <button type="button" className="button button--small" onClick={() => controller.current?.abort()}>
            Cancel export
          </button>
        </>
      ) : (
        <button type="button" className="button button--small" onClick={() => void start()}>
          Export CSV
        </button>
      )}
      {state.kind === 'done' ? (
        <span className="export__message" role="status">
          {state.message}
        </span>
      ) : null}
      {state.kind === 'failed' ? (
        <span className="export__message inline-error" role="alert">
          {state.message}
        </span>
      ) : null}
    </div>
  );
}
