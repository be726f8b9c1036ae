// Reading a number from the stack's environment: absent is the default, anything else must be a whole number in
// range, or the stack stops with the setting's name (a typo in PORT must not become NaN or a silent default).

/** The whole number `env[name]` holds, `fallback` when it is unset or blank; throws when it is not one in range. */
export function wholeNumberSetting(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  range: { min?: number; max?: number } = {},
): number {
  const text = env[name]?.trim();
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  const min = range.min ?? 0;
  const max = range.max ?? Number.MAX_SAFE_INTEGER;
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${String(min)} to ${String(max)}; it is "${text}"`);
  }
  return value;
}
