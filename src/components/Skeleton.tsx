/** Placeholder shapes while something loads. Hidden from assistive tech; the container says "Loading". */
export function SkeletonLines({ lines = 3, label = 'Loading' }: { lines?: number; label?: string }) {
  return (
    <div className="skeleton-block" role="status" aria-label={label}>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="skeleton" style={{ width: `${90 - ((i * 17) % 40)}%` }} aria-hidden="true" />
      ))}
    </div>
  );
}

export function SkeletonRows({ rows = 8, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <div className="skeleton-rows" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton-row" aria-hidden="true">
          <div className="skeleton skeleton--square" />
          <div className="skeleton" style={{ width: `${30 + ((i * 13) % 25)}%` }} />
          <div className="skeleton" style={{ width: '12%' }} />
          <div className="skeleton" style={{ width: '10%' }} />
        </div>
      ))}
    </div>
  );
}
