// Why the server refused a document, as a code the UI words (src/features/sync/sync-text.ts): read from the
// SQLSTATE and the message our own triggers raise (0002_users_and_plan_rules.sql: conta_ativa, limite_produtos)
// and from the push cap (9002_replication_push_cap.sql).
export const REFUSAL_REASONS = [
  /** The free plan's product cap. */
  'product_cap',
  'account_suspended',
  'trial_expired',
  /** This device's session was ended (signed out here, or the free plan's one device is another). */
  'session_ended',
  'account_missing',
  /** The document alone is larger than the server takes. */
  'too_large',
  /** Any other rule of the server (a broken constraint). */
  'invalid',
] as const;

export type RefusalReason = (typeof REFUSAL_REASONS)[number];

const BY_MESSAGE: readonly (readonly [prefix: string, reason: RefusalReason])[] = [
  ['Conta suspensa', 'account_suspended'],
  ['Período de teste expirado', 'trial_expired'],
  ['Sessão encerrada', 'session_ended'],
  ['Dispositivo não registrado', 'session_ended'],
  ['Conta não encontrada', 'account_missing'],
];

/** The admin's reason for a suspension or a ban, when the server sent it ('Conta suspensa: <motivo>', 0033). */
export function suspensionReason(code: string, message: string): string | null {
  if (code !== '42501') return null;
  const match = /^Conta suspensa: ([\s\S]+)$/.exec(message);
  const reason = match?.[1]?.trim() ?? '';
  return reason === '' ? null : reason;
}

export function refusalReason(code: string, message: string): RefusalReason {
  if (code === 'PT413') return 'too_large';
  if (code === '23514' && message.startsWith('Limite de') && message.includes('produtos')) return 'product_cap';
  if (code === '42501') return BY_MESSAGE.find(([prefix]) => message.startsWith(prefix))?.[1] ?? 'invalid';
  return 'invalid';
}
