import type { ForbiddenUse } from '../model/memoryFill';

/** A match's text breaks the glossary: which variant, for which term, and what to use. */
export function ForbiddenNote({ flag }: { flag: ForbiddenUse }) {
  return (
    <p className="memory-match__forbidden">
      <strong>Forbidden term:</strong> “{flag.variant}” is not to be used for “{flag.source}”; use “{flag.use}”.
    </p>
  );
}
