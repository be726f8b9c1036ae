// Every rule of the account forms' Valibot schemas, with the exact Portuguese message it shows.
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/lib/form.ts';
import { signInSchema, loginFailure } from '../../src/features/account/sign-in.ts';
import { registerSchema, registerFailureMessage, type RegisterValues } from '../../src/features/account/register.ts';
import { forgotPasswordSchema } from '../../src/features/account/forgot-password.ts';
import { resetPasswordSchema, resetFailureMessage } from '../../src/features/account/reset-password.ts';
import { checkMarketName } from '../../src/features/account/market-name.ts';
import { fieldMessages } from '../../src/i18n/errors.ts';
import { passwordChecklist } from '../../src/features/account/password-rules.ts';
import { allowedWithExpiredTrial } from '../../src/features/account/trial-guard.ts';
import { AuthApiError } from '@supabase/supabase-js';
import { accountError, toAccountError } from '../../workers/account/errors.ts';

function errorsOf(schema: Parameters<typeof validate>[0], input: unknown): Record<string, string> {
  const result = validate(schema, input);
  return result.ok ? {} : (result.errors as Record<string, string>);
}

describe('login', () => {
  it('needs email and password', () => {
    expect(errorsOf(signInSchema, { email: '', password: '' })).toEqual({
      email: 'Por favor, preencha email e senha',
      password: 'Por favor, preencha email e senha',
    });
  });
  it('needs a well-formed email and trims it', () => {
    expect(errorsOf(signInSchema, { email: 'maria', password: 'x' })).toEqual({ email: 'Informe um email válido.' });
    expect(validate(signInSchema, { email: ' a@b.com ', password: 'x' })).toMatchObject({
      ok: true,
      value: { email: 'a@b.com' },
    });
  });
  it('maps failures to doc 2 §8', () => {
    expect(loginFailure(accountError('invalid_credentials', 'Invalid login credentials'))).toEqual({
      title: 'Erro ao fazer login',
      message: 'Seu email ou senha estão incorretos, verifique e tente novamente.',
      canResend: false,
    });
    expect(loginFailure(accountError('email_not_confirmed', 'x'))).toMatchObject({
      message: 'Seu e-mail ainda não foi confirmado.',
      canResend: true,
    });
    expect(loginFailure(accountError('user_not_found', 'x')).message).toBe('Email não cadastrado.');
    expect(loginFailure(accountError('profile_failed', 'x')).message).toBe('Erro ao verificar dados do usuário.');
    // GoTrue refuses a suspended or banned owner with `user_banned`.
    expect(loginFailure(toAccountError(new AuthApiError('User is banned', 400, 'user_banned'))).message).toBe(
      'Sua conta está suspensa. Fale com o suporte do Caderneta para reativá-la.',
    );
    expect(loginFailure(accountError('offline', 'x'))).toMatchObject({
      title: 'Sem conexão',
      message: 'É necessário conexão com a internet para fazer login.',
    });
    expect(loginFailure(accountError('internal', 'x')).message).toBe('Verifique suas credenciais e tente novamente');
    expect(loginFailure(new Error('boom')).message).toBe('Ocorreu um erro desconhecido ao tentar fazer login.');
  });
});

const valid: RegisterValues = {
  nome: 'Maria',
  email: 'maria@exemplo.com',
  password: 'Senha@123',
  confirmPassword: 'Senha@123',
  nomeMercado: 'Mercadinho',
  telefone: '(11) 98765-4321',
  terms: true,
};

describe('register', () => {
  it('accepts a complete form and stores the phone as digits', () => {
    expect(validate(registerSchema, valid)).toMatchObject({ ok: true, value: { telefone: '11987654321' } });
  });
  it('requires every field', () => {
    const errors = errorsOf(registerSchema, {
      ...valid,
      nome: ' ',
      email: '',
      password: '',
      confirmPassword: '',
      nomeMercado: '',
      telefone: '',
    });
    expect(errors).toMatchObject({
      nome: 'Campo obrigatório',
      email: 'Campo obrigatório',
      password: 'Campo obrigatório',
      confirmPassword: 'Campo obrigatório',
      nomeMercado: 'Campo obrigatório',
      telefone: 'Campo obrigatório',
    });
  });
  it.each(['senha@123', 'SENHA@123', 'Senha@abc', 'Senha1234', 'Se@1', 'Senha#123'])(
    'rejects the weak password %s',
    (password) => {
      expect(errorsOf(registerSchema, { ...valid, password, confirmPassword: password }).password).toBe(
        'A senha deve ter pelo menos 8 caracteres, incluindo maiúscula, minúscula, número e símbolo.',
      );
    },
  );
  it('needs matching passwords', () => {
    expect(errorsOf(registerSchema, { ...valid, confirmPassword: 'Senha@124' })).toEqual({
      confirmPassword: 'As senhas não coincidem',
    });
  });
  it('limits the market name to 40 characters and needs a phone with area code', () => {
    expect(errorsOf(registerSchema, { ...valid, nomeMercado: 'x'.repeat(41) })).toEqual({
      nomeMercado: 'O nome do mercadinho deve ter no máximo 40 caracteres.',
    });
    expect(errorsOf(registerSchema, { ...valid, telefone: '98765-432' })).toEqual({
      telefone: 'Informe o WhatsApp com DDD: (00) 00000-0000.',
    });
  });
  it('needs the terms accepted', () => {
    expect(errorsOf(registerSchema, { ...valid, terms: false })).toEqual({ terms: 'Aceite os termos para continuar.' });
  });
  it('explains an existing account and offline', () => {
    expect(registerFailureMessage(accountError('user_already_exists', 'x'))).toBe(
      'Este email já está cadastrado. Entre ou recupere sua senha.',
    );
    expect(registerFailureMessage(accountError('offline', 'x'))).toBe(
      'É necessário conexão com a internet para criar sua conta.',
    );
    expect(registerFailureMessage(accountError('rate_limited', 'x'))).toBe(
      'Muitas tentativas em pouco tempo. Aguarde um minuto e tente novamente.',
    );
  });
  it("never shows the provider's English or a code: an unknown failure reads as the catalogue's", () => {
    expect(registerFailureMessage(accountError('internal', 'Database error saving new user'))).toBe(
      'Ocorreu um erro desconhecido',
    );
    expect(registerFailureMessage(new Error('boom'))).toBe('Ocorreu um erro desconhecido');
  });
  it('the checklist follows each rule', () => {
    expect(
      passwordChecklist('abc')
        .filter((rule) => rule.met)
        .map((rule) => rule.id),
    ).toEqual(['lower', 'allowed']);
    expect(passwordChecklist('').some((rule) => rule.met)).toBe(false);
    expect(passwordChecklist('Senha@123').every((rule) => rule.met)).toBe(true);
    expect(passwordChecklist('Senha@123#').find((rule) => rule.id === 'allowed')?.met).toBe(false);
  });
});

describe('forgot and reset password', () => {
  it('forgot needs an email', () => {
    expect(errorsOf(forgotPasswordSchema, { email: '' })).toEqual({ email: 'Campo obrigatório' });
    expect(errorsOf(forgotPasswordSchema, { email: 'x@' })).toEqual({ email: 'Informe um email válido.' });
  });
  it('reset needs both fields, equal and strong', () => {
    expect(errorsOf(resetPasswordSchema, { password: '', confirmPassword: '' })).toEqual({
      password: 'Campos obrigatórios',
      confirmPassword: 'Campos obrigatórios',
    });
    expect(errorsOf(resetPasswordSchema, { password: 'Nova@1234', confirmPassword: 'Nova@1235' })).toEqual({
      confirmPassword: 'Senhas diferentes',
    });
    expect(errorsOf(resetPasswordSchema, { password: 'fraca', confirmPassword: 'fraca' }).password).toMatch(
      /^A senha deve ter pelo menos 8/,
    );
  });
  it('reset failures', () => {
    expect(resetFailureMessage(accountError('same_password', 'x'))).toBe('A nova senha precisa ser diferente da anterior.');
    expect(resetFailureMessage(new Error('x'))).toBe('Não foi possível redefinir sua senha. Tente novamente.');
  });
});

describe('market name', () => {
  const errorsOfName = (name: string): Record<string, string> => {
    const checked = checkMarketName(name, 'Mercado Bom');
    return checked.ok ? {} : fieldMessages('account', checked.issues);
  };
  it("runs the worker's rule (trimmed, required, at most 40) and must change, in the spec's words", () => {
    expect(errorsOfName('   ')).toEqual({ nomeMercado: 'O nome do mercadinho não pode ficar vazio.' });
    expect(errorsOfName('y'.repeat(41))).toEqual({ nomeMercado: 'O nome do mercadinho deve ter no máximo 40 caracteres.' });
    expect(errorsOfName(' Mercado Bom ')).toEqual({ nomeMercado: 'Digite um nome diferente do atual.' });
    expect(checkMarketName(' Mercado Melhor ', 'Mercado Bom')).toEqual({ ok: true, value: { nomeMercado: 'Mercado Melhor' } });
    expect(checkMarketName('Mercado', null)).toMatchObject({ ok: true });
  });
});

describe('expired trial', () => {
  it.each([
    ['/upgrade', true],
    ['/account', true],
    ['/admin', true],
    ['/admin/users', true],
    ['/faq', true],
    ['/dashboard', false],
    ['/products/new', false],
    ['/administrador', false],
  ])('%s allowed: %s', (path, allowed) => {
    expect(allowedWithExpiredTrial(path)).toBe(allowed);
  });
});
