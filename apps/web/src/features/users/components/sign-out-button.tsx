import Alert from 'react-bootstrap/Alert';
import { BoxArrowRight } from 'react-bootstrap-icons';
import { MESSAGES } from '@hep/shared/messages';
import { useSignOut } from '../api/sign-out';

/** Ends the session on the server and here; the shell then returns to the login page. */
export function SignOutButton() {
  const signOut = useSignOut();
  return (
    <div>
      <button
        type="button"
        className="btn btn-outline-danger w-100"
        onClick={() => signOut.mutate()}
        disabled={signOut.isPending}
      >
        <BoxArrowRight aria-hidden="true" />
        {signOut.isPending ? 'Signing Out...' : 'Sign Out'}
      </button>
      {signOut.isError ? (
        <Alert variant="danger" className="mt-3 mb-0">
          {MESSAGES.signOutFailed}
        </Alert>
      ) : null}
    </div>
  );
}
