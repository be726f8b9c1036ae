// A write as the screens run it, without React: one run at a time (a second tap while pending is ignored), the
// failure as a DataError with its fields in Portuguese, and the toasts of success and failure.
import type { DataErrorCode } from '../../workers/contract/errors.ts';
import { DataError } from '../../workers/contract/errors.ts';
import { errorMessage, fieldMessages, type FormName } from '../i18n/errors.ts';

export interface CommandToast {
  readonly title: string;
  readonly description?: string;
  readonly kind: 'success' | 'destructive';
}

/** A screen's own wording of a failure: a toast's title and sentence, or the sentence alone (under `failureTitle`). */
export type FailureWording = string | { readonly title: string; readonly description?: string };

export interface CommandOptions<Result> {
  /** The form whose fields the command's issues name: they are shown on the fields, not as a toast. */
  readonly form?: FormName;
  /** The toast after success, if any. */
  readonly success?: (result: Result) => Omit<CommandToast, 'kind'> | null;
  /** The failure toast's title ('Erro' by default); `null` shows no toast (the screen shows the error itself). */
  readonly failureTitle?: string | null;
  /** This screen's wording for some codes (e.g. the login's 'Sem conexão'). */
  readonly messages?: Partial<Record<DataErrorCode, string>>;
  /**
   * This screen's own wording of a failure, when a code alone does not decide it (a title that depends on the
   * code, a sentence from the server). It gets the value as thrown, so a bug in the screen can be told from a
   * failure the worker reported. Field issues of `form` still go on their fields.
   */
  readonly describeFailure?: (thrown: unknown) => FailureWording;
}

export interface CommandState {
  readonly pending: boolean;
  readonly error: DataError | null;
  /** The message of each field at fault, by field path. */
  readonly fieldErrors: Readonly<Record<string, string>>;
  /** The sentence for the failure (also when shown on a field). */
  readonly message: string | null;
  /** The failure's title (the toast's, or the one a screen shows above `message`). */
  readonly title: string | null;
}

export const IDLE: CommandState = { pending: false, error: null, fieldErrors: {}, message: null, title: null };

const DEFAULT_FAILURE_TITLE = 'Erro';

/** A failure's title and sentence: the screen's wording if it has one, else the catalogue's under `failureTitle`. */
function failureText<Result>(
  thrown: unknown,
  error: DataError,
  onFields: boolean,
  options: CommandOptions<Result>,
): { readonly title: string; readonly description?: string } {
  const title = options.failureTitle ?? DEFAULT_FAILURE_TITLE;
  const wording = onFields ? undefined : options.describeFailure?.(thrown);
  if (typeof wording === 'string') return { title, description: wording };
  return wording ?? { title, description: errorMessage(error, options.form, options.messages) };
}

export class CommandRunner<Args extends unknown[], Result> {
  private current: CommandState = IDLE;
  private readonly listeners = new Set<() => void>();

  constructor(
    private command: (...args: Args) => Promise<Result>,
    private options: CommandOptions<Result>,
    private readonly toast: (toast: CommandToast) => void,
  ) {}

  /** Takes the screen's latest command and wording (a component re-renders with new closures). */
  configure(command: (...args: Args) => Promise<Result>, options: CommandOptions<Result>): void {
    this.command = command;
    this.options = options;
  }

  state(): CommandState {
    return this.current;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(next: CommandState): void {
    this.current = next;
    for (const listener of this.listeners) listener();
  }

  /** Clears a shown failure (e.g. when the user edits the field again). */
  reset(): void {
    if (!this.current.pending) this.set(IDLE);
  }

  /** Runs the command; resolves with its result, or undefined when it failed or another run was pending. */
  async run(...args: Args): Promise<Result | undefined> {
    if (this.current.pending) return undefined;
    this.set({ ...IDLE, pending: true });
    try {
      const result = await this.command(...args);
      this.set(IDLE);
      const success = this.options.success?.(result);
      if (success) this.toast({ ...success, kind: 'success' });
      return result;
    } catch (thrown) {
      const error = DataError.from(thrown);
      // The code and the server's own words stay in the console for whoever investigates; the toast speaks Portuguese.
      console.warn('comando recusado:', error.message);
      const fieldErrors = this.options.form ? fieldMessages(this.options.form, error.issues) : {};
      const onFields = Object.keys(fieldErrors).length > 0;
      const { title, description } = failureText(thrown, error, onFields, this.options);
      this.set({ pending: false, error, fieldErrors, message: description ?? title, title });
      if (!onFields && this.options.failureTitle !== null) this.toast({ title, description, kind: 'destructive' });
      return undefined;
    }
  }
}
