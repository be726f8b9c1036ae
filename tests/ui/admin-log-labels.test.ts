// The admin and security logs' actions in Portuguese: the security log's own actions (written by Auth) read as
// words, not as the raw keys; an unknown action is shown as written.
import { describe, expect, it } from 'vitest';
import { logActionLabel } from '../../src/features/admin/log-labels.ts';

describe('log actions', () => {
  it('security actions in Portuguese', () => {
    expect(logActionLabel('login_failed')).toBe('Falha de login');
    expect(logActionLabel('login_locked')).toBe('Login bloqueado por excesso de tentativas');
    expect(logActionLabel('blocked_ip_access')).toBe('Acesso de IP bloqueado');
  });

  it('admin actions as before; an unknown one as written', () => {
    expect(logActionLabel('delete_user')).toBe('Usuário excluído');
    expect(logActionLabel('ação 1')).toBe('ação 1');
  });
});
