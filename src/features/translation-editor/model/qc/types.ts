/** The editor's view of the shared quality checks (src/api/schema/qc): its lines carry the glossary too. */
import type { QcLine as SharedQcLine, QcRule as SharedQcRule } from '../../../../api/schema/qc/types';
import type { Glossary } from '../glossary';

export type { QcProblem, QcProfile, QcRuleId, QcSeverity } from '../../../../api/schema/qc/types';

export interface QcLine extends SharedQcLine {
  /** The translation's glossary, when loaded (the `glossary` rule). */
  glossary?: Glossary | undefined;
}

export type QcRule = SharedQcRule<QcLine>;
