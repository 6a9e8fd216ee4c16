import { useCallback, useRef, useState } from 'react';

interface ActionCallbacks<Output> {
  onSuccess?: (output: Output) => void;
  onError?: (error: unknown) => void;
}

export interface ActionState<Input, Output> {
  run: (input: Input, callbacks?: ActionCallbacks<Output>) => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * A one-shot server call with pending and error state, for the pages before login. They
 * cache nothing, so they do without the query client and keep the login page light.
 */
export function useAction<Input, Output>(
  action: (input: Input) => Promise<Output>,
): ActionState<Input, Output> {
  const [state, setState] = useState<{ isPending: boolean; error: unknown }>({
    isPending: false,
    error: null,
  });
  // Ignore answers that arrive after the next attempt started.
  const attempt = useRef(0);

  const run = useCallback(
    (input: Input, callbacks: ActionCallbacks<Output> = {}) => {
      const current = ++attempt.current;
      setState({ isPending: true, error: null });
      action(input).then(
        (output) => {
          if (current !== attempt.current) return;
          setState({ isPending: false, error: null });
          callbacks.onSuccess?.(output);
        },
        (error: unknown) => {
          if (current !== attempt.current) return;
          setState({ isPending: false, error });
          callbacks.onError?.(error);
        },
      );
    },
    [action],
  );

  return { run, isPending: state.isPending, isError: state.error !== null, error: state.error };
}
