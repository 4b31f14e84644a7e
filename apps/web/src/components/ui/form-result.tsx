import { PlainAlert } from './plain-alert';

export interface TFormResult {
  kind: 'success' | 'error';
  text: string;
  /** More lines under the text, e.g. the bad rows of a CSV import. */
  details?: string[];
}

/** A form's outcome: green for success, red for failure, announced to screen readers. */
export function FormResult({ result }: { result: TFormResult | null }) {
  if (!result) return null;
  const success = result.kind === 'success';
  return (
    <PlainAlert
      variant={success ? 'success' : 'danger'}
      role={success ? 'status' : 'alert'}
      className="mt-3 mb-0"
    >
      {result.text}
      {result.details && result.details.length > 0 ? (
        <ul className="mt-2 mb-0 ps-3">
          {result.details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </PlainAlert>
  );
}
