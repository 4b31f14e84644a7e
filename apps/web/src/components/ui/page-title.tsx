import { MESSAGES } from '@hep/shared/messages';

/** The page's h1 and the document title (React 19 hoists <title> into the head). */
export function PageTitle({ title, className }: { title: string; className?: string }) {
  return (
    <>
      <title>{`${title} | ${MESSAGES.appName}`}</title>
      <h1 className={className ?? 'h2 mb-4'}>{title}</h1>
    </>
  );
}
