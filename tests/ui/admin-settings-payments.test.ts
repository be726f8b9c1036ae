// The payments and settings pages' rules without a browser: an IP or CIDR network accepted or refused as the
// server's inet would, whole-number settings parsed as integers (Portuguese on the field), the payments filters as
// the worker's query, the CSV export's cells, and a sign-in refused for a blocked address worded in Portuguese.
import { AuthApiError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { blockIpSchema, isIpOrCidr, updateSettingSchema } from '../../workers/admin/settings-schema.ts';
import { toAccountError } from '../../workers/account/errors.ts';
import { checkInput } from '../../workers/contract/input.ts';
import { loginFailure } from '../../src/features/account/sign-in.ts';
import { formOf, updateOf } from '../../src/features/admin/setting-fields.ts';
import {
  activePaymentFilters,
  NO_PAYMENT_FILTERS,
  paymentsTable,
  toPaymentsFilter,
} from '../../src/features/admin/payments-rules.ts';
import { issueMessage } from '../../src/i18n/errors.ts';

describe('blocked IP address', () => {
  it('takes IPv4, IPv6 and CIDR networks', () => {
    for (const good of [
      '203.0.113.7',
      '0.0.0.0',
      '255.255.255.255',
      '198.51.100.0/24',
      '10.0.0.1/32',
      '2001:db8::1',
      '::1',
      '2001:db8::/32',
      '::ffff:10.0.0.1',
    ]) {
      expect(isIpOrCidr(good), good).toBe(true);
    }
  });

  it('refuses what is not one', () => {
    for (const bad of [
      '',
      '999.1.1.1',
      '1.2.3',
      '01.2.3.4',
      '1.2.3.4/33',
      '1.2.3.4/',
      '1.2.3.4/24/1',
      'abc',
      '2001:db8::/129',
      'http://1.2.3.4',
      '1.2.3.4 ',
    ]) {
      expect(isIpOrCidr(bad), bad).toBe(false);
    }
  });

  it('the form: required, format, trimmed; Portuguese on the field', () => {
    const empty = checkInput(blockIpSchema, { ip: '  ' });
    expect(empty.ok).toBe(false);
    if (!empty.ok)
      expect(issueMessage('adminBlockIp', empty.issues[0] ?? { field: '', code: 'required' })).toBe('Informe o endereço IP');
    const bad = checkInput(blockIpSchema, { ip: '300.1.1.1' });
    if (!bad.ok)
      expect(issueMessage('adminBlockIp', bad.issues[0] ?? { field: '', code: 'required' })).toMatch(/^Endereço IP inválido/);
    expect(checkInput(blockIpSchema, { ip: ' 203.0.113.7 ', reason: '  ' })).toEqual({
      ok: true,
      value: { ip: '203.0.113.7', reason: null },
    });
  });
});

describe('settings', () => {
  it('whole numbers typed as text become integers; anything else is refused in Portuguese', () => {
    const form = formOf('free_plan_limits', { products: 50, clients: 100 });
    expect(form).toEqual({ products: '50', clients: '100' });
    expect(checkInput(updateSettingSchema, updateOf('free_plan_limits', { products: ' 60 ', clients: '0' }))).toEqual({
      ok: true,
      value: { key: 'free_plan_limits', value: { products: 60, clients: 0 } },
    });
    for (const typed of ['5,5', '5.5', '1e3', '', 'abc', '0x10']) {
      const result = checkInput(updateSettingSchema, updateOf('free_plan_limits', { products: typed, clients: '1' }));
      expect(result.ok, typed).toBe(false);
      if (!result.ok) {
        expect(result.issues[0]?.field).toBe('value.products');
        expect(issueMessage('adminSetting', result.issues[0] ?? { field: '', code: 'required' })).toBe(
          'Informe um número inteiro.',
        );
      }
    }
    const zero = checkInput(
      updateSettingSchema,
      updateOf('security_settings', { max_login_attempts: '0', lockout_duration: '15', require_2fa: false }),
    );
    if (!zero.ok)
      expect(issueMessage('adminSetting', zero.issues[0] ?? { field: '', code: 'required' })).toBe(
        'Informe um número inteiro a partir de 1.',
      );
    expect(zero.ok).toBe(false);
  });

  it('switches read from the stored value; a missing or odd value starts off', () => {
    expect(formOf('notification_settings', { email_notifications: true })).toEqual({
      email_notifications: true,
      push_notifications: false,
    });
    expect(formOf('unknown', { a: 1 })).toEqual({});
  });
});

describe('payments', () => {
  it('the selects as the worker query, and the count of active filters', () => {
    expect(toPaymentsFilter(NO_PAYMENT_FILTERS, '  tx ')).toEqual({ search: 'tx', status: null, plan: null, period: null });
    expect(toPaymentsFilter({ status: 'pago', plan: 'free', period: '7d' }, '')).toEqual({
      search: '',
      status: 'pago',
      plan: 'free',
      period: '7d',
    });
    expect(toPaymentsFilter({ status: 'x', plan: '', period: 'ontem' }, '').status).toBeNull();
    expect(activePaymentFilters({ status: 'pago', plan: '', period: 'today' })).toBe(2);
  });

  it('the CSV cells: Portuguese status and plan, comma decimals', () => {
    const table = paymentsTable([
      {
        id: '1',
        userId: 'u',
        nome: null,
        email: null,
        status: 'pendente',
        plan: 'premium',
        period: 'yearly',
        amount: 143,
        transactionId: null,
        createdAt: '2026-11-24T12:00:00Z',
      },
    ]);
    expect(table.columns.map((column) => column.header)).toEqual([
      'Usuário',
      'Email',
      'Status',
      'Plano',
      'Período',
      'Data',
      'ID da Transação',
      'Valor',
    ]);
    expect(table.rows[0]).toEqual([
      'Usuário não encontrado',
      '',
      'Pendente',
      'Premium',
      'anual',
      expect.stringMatching(/^24\/11\/2026 \d{2}:00$/),
      '',
      '143,00',
    ]);
  });
});

describe('sign-in from a blocked address', () => {
  it('reads the front door’s refusal in Portuguese', () => {
    const error = toAccountError(new AuthApiError('Acesso bloqueado para este endereço IP.', 403, 'ip_address_blocked'));
    expect(error.code).toBe('ip_blocked');
    expect(loginFailure(error).message).toBe('Acesso bloqueado para este endereço IP.');
  });
});
