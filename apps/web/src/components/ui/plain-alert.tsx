import type { ReactNode } from 'react';

interface PlainAlertProps {
  variant: 'success' | 'danger' | 'info' | 'warning';
  role?: 'alert' | 'status';
  className?: string;
  children: ReactNode;
}

/**
 * The markup of react-bootstrap's Alert as it stands shown (same classes, same role), for pages in the first
 * bundle: that Alert brings its fade transition's code (4 KB gzip) even where nothing ever fades.
 */
export function PlainAlert({ variant, role = 'alert', className, children }: PlainAlertProps) {
  return (
    <div role={role} className={`fade${className ? ` ${className}` : ''} alert alert-${variant} show`}>
      {children}
    </div>
  );
}
