import { Trans, useLingui } from '@lingui/react/macro';
import { LoadingText } from '../../../components/ui/loading-text';
import { PlainAlert } from '../../../components/ui/plain-alert';

interface ProgramLoadStateProps {
  query: { isPending: boolean; isError: boolean };
  /** Also name the page "Program" meanwhile: for a page whose title comes from the program itself. */
  title?: boolean;
}

/**
 * Every program page's words while its program loads, or when it cannot be loaded; nothing once it is there (the
 * page then shows the program).
 */
export function ProgramLoadState({ query, title = false }: ProgramLoadStateProps) {
  const { t } = useLingui();
  if (!query.isPending && !query.isError) return null;
  return (
    <>
      {title ? <title>{t`Program | Home Exercise Program`}</title> : null}
      {query.isPending ? (
        <LoadingText text={t`Loading program details...`} />
      ) : (
        <PlainAlert variant="danger">
          <Trans>Failed to load program details</Trans>
        </PlainAlert>
      )}
    </>
  );
}
