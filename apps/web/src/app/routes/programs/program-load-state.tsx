import { MESSAGES } from '@hep/shared/messages';
import { LoadingText } from '../../../components/ui/loading-text';
import { PlainAlert } from '../../../components/ui/plain-alert';

/**
 * A program page's title and words while its program loads, or when it cannot be loaded; nothing once it is there
 * (the page then shows the program under its own title).
 */
export function ProgramLoadState({ query }: { query: { isPending: boolean; isError: boolean } }) {
  if (!query.isPending && !query.isError) return null;
  return (
    <>
      <title>{`Program | ${MESSAGES.appName}`}</title>
      {query.isPending ? (
        <LoadingText text={MESSAGES.programLoading} />
      ) : (
        <PlainAlert variant="danger">{MESSAGES.programLoadFailed}</PlainAlert>
      )}
    </>
  );
}
