/**
 * The studio of a record that belongs to a studio or to one of its projects (glossary terms, delivery
 * specifications): the project's studio when a project is given (a studio given with it must be the same), else the
 * given studio, which must exist; and the caller must coordinate it. Throws 400 (bad input) or 403.
 */
import type { StoreOps } from '../storage/store';
import { isRecordId } from '../storage/store';
import type { Caller } from './types';
import { inStudioScope } from './access';
import { invalid, forbidden } from './errors';

export async function studioOfScopedRecord(
  next: { studio?: unknown; project?: unknown },
  caller: Caller,
  tx: StoreOps,
): Promise<{ studio: string; project: string | undefined }> {
  let studio = typeof next.studio === 'string' ? next.studio : undefined;
  const project = typeof next.project === 'string' ? next.project : undefined;
  if (project !== undefined) {
    const found = isRecordId(project) ? await tx.get('Projects', project) : undefined;
    if (!found) throw invalid('project: no such project');
    const projectStudio = String(found.doc.studio);
    if (studio !== undefined && studio !== projectStudio)
      throw invalid("studio: the project belongs to another studio (leave studio out: it is the project's)");
    studio = projectStudio;
  } else {
    if (studio === undefined) throw invalid('studio: required (or project)');
    if (!isRecordId(studio) || !(await tx.get('Studios', studio))) throw invalid('studio: no such studio');
  }
  if (!inStudioScope(caller, studio)) throw forbidden('you do not coordinate this studio');
  return { studio, project };
}
