import type { QcProblem, QcRule } from '../types';
import { isBlank } from '../../text';
import { termUses } from '../../glossary';

/**
 * The glossary (docs/API.md "Glossary"): a term of the original whose translation lacks the approved translation
 * (warning), or uses a forbidden variant of it (error). One problem per term; a blank translation is `empty`'s.
 */
export const glossaryRule: QcRule = {
  id: 'glossary',
  label: 'Glossary',
  check(line) {
    if (!line.glossary || line.original === undefined || isBlank(line.text)) return [];
    const out: QcProblem[] = [];
    for (const use of termUses(line.glossary, line.original, line.text)) {
      if (use.kind === 'forbidden') {
        out.push({
          rule: 'glossary',
          severity: 'error',
          message: `Glossary: “${use.variant}” is not to be used for “${use.term.source}”; use “${use.term.translation}”`,
        });
      } else if (use.kind === 'missing') {
        out.push({
          rule: 'glossary',
          severity: 'warning',
          message: `Glossary: “${use.term.source}” should be translated “${use.term.translation}”`,
        });
      }
    }
    return out;
  },
};
