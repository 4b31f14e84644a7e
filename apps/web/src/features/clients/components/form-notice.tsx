import Alert from 'react-bootstrap/Alert';

export interface TNotice {
  kind: 'success' | 'error';
  text: string;
}

/** The result line under a client form: a polite status on success, an alert on failure. */
export function FormNotice({ notice }: { notice: TNotice | null }) {
  if (!notice) return null;
  const success = notice.kind === 'success';
  return (
    <Alert variant={success ? 'success' : 'danger'} role={success ? 'status' : 'alert'} className="mt-3 mb-0">
      {notice.text}
    </Alert>
  );
}
