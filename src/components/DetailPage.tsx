/**
 * The scaffolding of a record's page while the record is not there to show: the breadcrumb back to its list,
 * the loading skeleton (a title line, then a main and a side column), and the failure (not found, or another
 * error with a retry).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../api/client';
import { ErrorPanel } from './ErrorPanel';
import { SkeletonLines } from './Skeleton';
import './record.css';

/** "Shares › <name>": the way back to the list a record belongs to. */
export function DetailBreadcrumb({ to, label, name }: { to: string; label: string; name?: string | undefined }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        <li>
          <Link to={to}>{label}</Link>
        </li>
        {name ? <li aria-current="page">{name}</li> : null}
      </ol>
    </nav>
  );
}

interface LoadingProps {
  breadcrumb: ReactNode;
  /** Accessible labels of the skeletons: the header, the main column, the side column. */
  labels: [header: string, main: string, side: string];
}

export function DetailLoading({ breadcrumb, labels: [header, main, side] }: LoadingProps) {
  return (
    <div className="page">
      {breadcrumb}
      <SkeletonLines lines={2} label={header} />
      <div className="detail-grid">
        <div>
          <SkeletonLines lines={8} label={main} />
        </div>
        <div>
          <SkeletonLines lines={6} label={side} />
        </div>
      </div>
    </div>
  );
}

interface FailedProps {
  breadcrumb: ReactNode;
  error: unknown;
  onRetry: () => void;
  /** Title of the error panel: "Could not load this share". */
  title: string;
  /** A page heading shown above the error panel (not when the record was not found). */
  heading?: string;
  /** What a 404 says: its heading, a sentence, and the way back. */
  notFound: { title: string; text: ReactNode; back: { to: string; label: string } };
}

export function DetailFailed({ breadcrumb, error, onRetry, title, heading, notFound }: FailedProps) {
  const missing = isApiError(error) && error.status === 404;
  return (
    <div className="page page--narrow">
      {breadcrumb}
      {missing ? (
        <div className="empty">
          <h1 className="page__title">{notFound.title}</h1>
          <p>{notFound.text}</p>
          <Link to={notFound.back.to}>{notFound.back.label}</Link>
        </div>
      ) : (
        <>
          {heading ? <h1 className="page__title">{heading}</h1> : null}
          <ErrorPanel error={error} title={title} onRetry={onRetry} />
        </>
      )}
    </div>
  );
}
