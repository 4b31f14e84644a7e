import { useLingui } from '@lingui/react/macro';

/** The page's h1 and the document title (React 19 hoists <title> into the head). */
export function PageTitle({ title, className }: { title: string; className?: string }) {
  const { t } = useLingui();
  return (
    <>
      <title>
        {t({
          message: `${title} | Home Exercise Program`,
          comment: 'the browser tab: page title | app name',
        })}
      </title>
      <h1 className={className ?? 'h2 mb-4'}>{title}</h1>
    </>
  );
}
