import type { ReactNode } from 'react';

/** The narrow card of the sign-in pages and the session-ended notices. */
export function CenteredCard({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={`auth-card card shadow-sm${className ? ` ${className}` : ''}`}>
      <div className="card-body p-4 p-sm-5">{children}</div>
    </div>
  );
}
