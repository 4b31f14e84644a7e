import { useLingui } from '@lingui/react/macro';

/** Loading states say so in words. */
export function LoadingText({ text }: { text?: string }) {
  const { t } = useLingui();
  return (
    <p role="status" className="text-body-secondary my-4">
      {text ?? t`Loading...`}
    </p>
  );
}
