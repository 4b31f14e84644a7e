import { useCallback, useState } from 'react';

interface ActionCallbacks<R> {
  onSuccess?: (result: R) => void;
  onError?: (error: unknown) => void;
}

/**
 * An async action with its pending state and callbacks, as useMutation's `mutate` gives them. For the login page
 * only: it paints before the query library has loaded (app/query-layout.tsx); every other page uses useMutation.
 */
export function useAction<V, R>(action: (variables: V) => Promise<R>) {
  const [isPending, setPending] = useState(false);
  const mutate = useCallback(
    (variables: V, { onSuccess, onError }: ActionCallbacks<R> = {}) => {
      setPending(true);
      action(variables).then(
        (result) => {
          setPending(false);
          onSuccess?.(result);
        },
        (error: unknown) => {
          setPending(false);
          onError?.(error);
        },
      );
    },
    [action],
  );
  return { mutate, isPending };
}
