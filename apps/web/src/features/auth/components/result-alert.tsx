import Alert from 'react-bootstrap/Alert';

export interface TResult {
  kind: 'success' | 'error';
  text: string;
}

/** A form's outcome: green for success, red for failure, announced to screen readers. */
export function ResultAlert({ result }: { result: TResult | null }) {
  if (!result) return null;
  const success = result.kind === 'success';
  return (
    <Alert variant={success ? 'success' : 'danger'} role={success ? 'status' : 'alert'} className="mt-3 mb-0">
      {result.text}
    </Alert>
  );
}
