// Reads what an emailed recovery link brought to /reset-password: tokens in the fragment, a token hash, or an error.

export type RecoveryLink =
  | { readonly kind: 'session'; readonly accessToken: string; readonly refreshToken: string }
  | { readonly kind: 'token_hash'; readonly tokenHash: string }
  | { readonly kind: 'error'; readonly code: string; readonly description: string }
  | { readonly kind: 'none' };

export function parseRecoveryLink(hash: string, search: string): RecoveryLink {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const query = new URLSearchParams(search.replace(/^\?/, ''));
  const errorCode = fragment.get('error_code') ?? fragment.get('error') ?? query.get('error_code') ?? query.get('error');
  if (errorCode) {
    const description = fragment.get('error_description') ?? query.get('error_description') ?? '';
    return { kind: 'error', code: errorCode, description };
  }
  const accessToken = fragment.get('access_token');
  const refreshToken = fragment.get('refresh_token');
  if (accessToken && refreshToken) return { kind: 'session', accessToken, refreshToken };
  const tokenHash = query.get('token_hash');
  if (tokenHash && (query.get('type') ?? 'recovery') === 'recovery') return { kind: 'token_hash', tokenHash };
  return { kind: 'none' };
}
