import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { LoadingText } from './loading-text';
import { PageTitle } from './page-title';

interface LoadedPageProps<T> {
  title: string;
  /** The page's data as a query gives it: loading, failed, or there. */
  query: { isPending: boolean; isError: boolean; data: T | undefined };
  /** The text shown when the data cannot be loaded. */
  failedText: string;
  /** Wrap the content in a card (the edit forms). */
  card?: boolean;
  /** A link back under the content. */
  back?: { to: string; label: string };
  children: (data: T) => ReactNode;
}

/** A narrow page of one loaded record: its title, Loading..., the failure text or the content, and a way back. */
export function LoadedPage<T>({
  title,
  query,
  failedText,
  card = false,
  back,
  children,
}: LoadedPageProps<T>) {
  const content = query.data ? children(query.data) : null;
  return (
    <section className="page-narrow">
      <PageTitle title={title} />
      {query.isPending ? <LoadingText /> : null}
      {query.isError ? <Alert variant="danger">{failedText}</Alert> : null}
      {content !== null && card ? (
        <div className="card">
          <div className="card-body">{content}</div>
        </div>
      ) : (
        content
      )}
      {back ? (
        <p className="mt-3">
          <Link to={back.to} className="back-link">
            {back.label}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
