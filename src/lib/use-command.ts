// useCommand: the one way a screen writes. Pending state, double-submit guard, field errors and toasts from the
// catalogue in src/i18n/errors.ts; see CommandRunner for the rules.
import { useCallback, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { showToast } from '../ui/toast.ts';
import { CommandRunner, type CommandOptions, type CommandState } from './command.ts';
import type { DataClient } from './data-client.ts';
import { useDataClient } from './use-data-client.ts';

export interface Command<Args extends unknown[], Result> extends CommandState {
  /** Stable across renders: effects may depend on it and screens may pass it on. */
  readonly run: (...args: Args) => Promise<Result | undefined>;
  readonly reset: () => void;
}

export function useCommand<Args extends unknown[], Result>(
  command: (data: DataClient, ...args: Args) => Promise<Result>,
  options: CommandOptions<Result> = {},
): Command<Args, Result> {
  const data = useDataClient();
  const bound = (...args: Args) => command(data, ...args);
  const [current] = useState(() => new CommandRunner<Args, Result>(bound, options, (toast) => showToast(toast)));
  // The latest command and wording apply to the next run, so callers may pass inline functions.
  useLayoutEffect(() => {
    current.configure(bound, options);
  });
  const state = useSyncExternalStore(
    useCallback((listener: () => void) => current.subscribe(listener), [current]),
    () => current.state(),
  );
  const run = useCallback((...args: Args) => current.run(...args), [current]);
  const reset = useCallback(() => {
    current.reset();
  }, [current]);
  return { ...state, run, reset };
}
