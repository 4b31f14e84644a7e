import { MESSAGES } from '@hep/shared/messages';

/** Loading states say so in words. */
export function LoadingText({ text = MESSAGES.loading }: { text?: string }) {
  return (
    <p role="status" className="text-body-secondary my-4">
      {text}
    </p>
  );
}
