// A refused sign-in of a suspended or banned account: the admin's reason, sent by the server in place of GoTrue's
// own wording, is what the owner reads ('Sua conta está suspensa: …'); without one, the general message stays.
import { AuthApiError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { toAccountError } from '../../workers/account/errors.ts';
import { loginFailure } from '../../src/features/account/sign-in.ts';

describe('sign-in refused for a suspended account', () => {
  it('tells the owner the admin’s reason', () => {
    const refusal = toAccountError(new AuthApiError('Pagamento em atraso', 400, 'user_banned'));
    expect(loginFailure(refusal)).toEqual({
      title: 'Erro ao fazer login',
      message: 'Sua conta está suspensa: Pagamento em atraso',
      canResend: false,
    });
  });

  it('without a reason, says the account is suspended', () => {
    const refusal = toAccountError(new AuthApiError('User is banned', 400, 'user_banned'));
    expect(loginFailure(refusal).message).toBe('Sua conta está suspensa. Fale com o suporte do Caderneta para reativá-la.');
  });
});
