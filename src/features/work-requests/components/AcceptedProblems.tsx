/**
 * A translation's accepted QC problems on the order's page, for the reviewer and the coordinator: each line's rule
 * and the translator's reason (docs/API.md "Accepted problems"). Nothing while there are none.
 */
import { useQuery } from '@tanstack/react-query';
import { SHARED_RULES } from '../../../api/schema/qc/check';
import { acceptedProblemsOptions } from '../../../lib/workRecords';
import { personName } from '../../../lib/people';
import { plural } from '../../../lib/format';

const ruleName = (rule: string) => SHARED_RULES.find((r) => r.id === rule)?.label ?? rule;

export function AcceptedProblems({ translationId }: { translationId: string }) {
  const accepted = useQuery(acceptedProblemsOptions(translationId)).data ?? [];
  if (accepted.length === 0) return null;
  const sorted = [...accepted].sort((a, b) => a.line - b.line || a.rule.localeCompare(b.rule));
  return (
    <details className="tcard__accepted" data-testid="accepted-problems">
      <summary>{plural(accepted.length, 'accepted problem')}</summary>
      <ul>
        {sorted.map((a) => (
          <li key={`${a.line}:${a.rule}`}>
            Line {a.line}, {ruleName(a.rule)}: “{a.reason}”{a.user ? ` (${personName(a.user)})` : ''}
          </li>
        ))}
      </ul>
    </details>
  );
}
