// The client screens' rules without a browser: the amount typed in the payment and debit dialogs (docs/product.md §5 Money
// input and the payment rules), the client form's checks and phone digits, the WhatsApp links and the pagination.
import { describe, expect, it } from 'vitest';
import { checkAmount } from '../../src/features/clients/amount.ts';
import { canReverse } from '../../src/features/clients/statement-label.ts';
import { checkClientForm, savedToast } from '../../src/features/clients/client-form.ts';
import { visiblePages } from '../../src/features/clients/components/Pagination.tsx';
import { greetingText, statementText, whatsappLink } from '../../src/features/clients/whatsapp.ts';
import { maskPhone, maskTypedPhone } from '../../src/lib/format.ts';

const clienteId = '6f1c2b1e-8a4d-4c3e-9b2a-1d2e3f4a5b6c';
const invalidAmount = 'Por favor, informe um valor válido maior que zero.';
const exceeds = 'O valor do pagamento não pode ser maior que o débito atual.';

describe('checkAmount', () => {
  it("refuses zero, empty and garbage with the spec's invalid-value sentence", () => {
    for (const typed of ['', '0', '0,00', 'abc']) {
      expect(checkAmount(typed, 'debito', clienteId, 0)).toEqual({ ok: false, reason: 'invalid', message: invalidAmount });
      expect(checkAmount(typed, 'pagamento', clienteId, 50)).toEqual({ ok: false, reason: 'invalid', message: invalidAmount });
    }
  });

  it('refuses a payment above the balance, to the cent, and accepts the exact balance', () => {
    expect(checkAmount('10,01', 'pagamento', clienteId, 10)).toEqual({ ok: false, reason: 'exceeds', message: exceeds });
    expect(checkAmount('10,00', 'pagamento', clienteId, 10)).toEqual({ ok: true, valor: 10 });
    expect(checkAmount('0,3', 'pagamento', clienteId, 0.1 + 0.2)).toEqual({ ok: true, valor: 0.3 });
  });

  it('refuses a negative or unreadable amount instead of dropping its sign or letters', () => {
    for (const typed of ['-10', '-0,50', '10a', '12.5']) {
      expect(checkAmount(typed, 'debito', clienteId, 0)).toEqual({ ok: false, reason: 'invalid', message: invalidAmount });
    }
    expect(checkAmount('1.000.000,00', 'debito', clienteId, 0)).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'O valor máximo é R$ 999.999,99.',
    });
  });

  it('reads thousands with dots and cents after the comma', () => {
    expect(checkAmount('1.234,56', 'debito', clienteId, 0)).toEqual({ ok: true, valor: 1234.56 });
    expect(checkAmount('1.234,56', 'pagamento', clienteId, 2000)).toEqual({ ok: true, valor: 1234.56 });
  });

  it('lets a debit go above the balance', () => {
    expect(checkAmount('99,90', 'debito', clienteId, 0)).toEqual({ ok: true, valor: 99.9 });
  });
});

describe('client form', () => {
  const notFiado = { is_fiado: false, saldo: '' };
  it("requires name and phone with the spec's sentence on each field", () => {
    const checked = checkClientForm({ nome: '  ', telefone: '', observacoes: '', ...notFiado });
    expect(checked).toEqual({
      ok: false,
      errors: {
        nome: 'Por favor, preencha o nome e telefone do cliente.',
        telefone: 'Por favor, preencha o nome e telefone do cliente.',
      },
      missingRequired: true,
    });
    const tooLong = checkClientForm({ nome: 'M'.repeat(201), telefone: '11987654321', observacoes: '', ...notFiado });
    expect(tooLong).toMatchObject({ ok: false, missingRequired: false });
  });

  it('stores the digits of the masked phone and blank notes as null', () => {
    expect(checkClientForm({ nome: ' Maria ', telefone: '(11) 98765-4321', observacoes: ' ', ...notFiado })).toEqual({
      ok: true,
      input: { nome: 'Maria', telefone: '11987654321', observacoes: null, is_fiado: false },
    });
  });

  it('masks the phone as typed, and leaves a number too long or with other characters as typed', () => {
    expect(maskPhone('1198765')).toBe('(11) 9876-5');
    expect(maskTypedPhone('1198765')).toBe('(11) 9876-5');
    expect(maskTypedPhone('(11) 98765-4321')).toBe('(11) 98765-4321');
    expect(maskTypedPhone('+55 81 999998888')).toBe('+55 (81) 99999-8888');
    expect(maskTypedPhone('+55 (81) 99999-88887777')).toBe('+55 (81) 99999-88887777');
    expect(maskTypedPhone('(11) 98765-43210')).toBe('(11) 98765-43210');
    expect(maskTypedPhone('')).toBe('');
  });

  it('takes a Brazilian number with or without +55 and refuses anything else with a message', () => {
    const phone = (telefone: string) => checkClientForm({ nome: 'Maria', telefone, observacoes: '', ...notFiado });
    const refused = {
      ok: false,
      missingRequired: false,
      errors: { telefone: 'Telefone inválido. Informe o DDD e o número, com 8 ou 9 dígitos: (81) 99999-8888.' },
    };
    for (const typed of ['(81) 99', '+55 (81) 99999-88887777', '(11) 98765-43210', '(01) 98765-4321', '+1 555 123 4567']) {
      expect(phone(typed), typed).toEqual(refused);
    }
    const accepted: [string, string][] = [
      ['+55 (81) 99999-8888', '81999998888'],
      ['5581999998888', '81999998888'],
      ['(81) 3333-4444', '8133334444'],
      ['(55) 3333-4444', '5533334444'],
    ];
    for (const [typed, stored] of accepted) {
      expect(phone(typed)).toMatchObject({ ok: true, input: { telefone: stored } });
    }
  });

  it("a new fiado client's balance is an opening debit; blank is zero, a negative one is refused; editing sends none", () => {
    const fiado = { nome: 'Maria', telefone: '11987654321', observacoes: '', is_fiado: true };
    expect(checkClientForm({ ...fiado, saldo: '1.234,56' })).toEqual({
      ok: true,
      input: {
        nome: 'Maria',
        telefone: '11987654321',
        observacoes: null,
        is_fiado: true,
        saldo_inicial: 1234.56,
        saldo_inicial_descricao: 'Saldo inicial',
      },
    });
    expect(checkClientForm({ ...fiado, saldo: '' })).toMatchObject({ ok: true, input: { saldo_inicial: 0 } });
    for (const typed of ['-5', '12,345', 'abc']) {
      const refused = checkClientForm({ ...fiado, saldo: typed });
      expect(refused.ok, typed).toBe(false);
      if (!refused.ok) expect(refused.errors.saldo, typed).toMatch(/\S/);
    }
    expect(checkClientForm({ ...fiado, is_fiado: false, saldo: '50' })).toEqual({
      ok: true,
      input: { nome: 'Maria', telefone: '11987654321', observacoes: null, is_fiado: false },
    });
    expect(checkClientForm({ ...fiado, saldo: '50' }, false)).toEqual({
      ok: true,
      input: { nome: 'Maria', telefone: '11987654321', observacoes: null, is_fiado: true },
    });
  });

  it('says when the client was saved offline', () => {
    expect(savedToast(true, true)).toEqual({ title: 'Cliente adicionado' });
    expect(savedToast(false, true)).toEqual({ title: 'Cliente atualizado' });
    expect(savedToast(true, false).title).toBe('Cliente salvo offline');
    expect(savedToast(false, false).title).toBe('Cliente atualizado offline');
  });
});

describe('WhatsApp', () => {
  it('links to 55 plus the digits with the greeting stating the balance', () => {
    const link = whatsappLink('11987654321', greetingText({ nome: 'Maria', saldo: 12.5 }));
    expect(link).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/);
    const text = decodeURIComponent(new URL(link ?? '').searchParams.get('text') ?? '');
    expect(text).toContain('Maria');
    expect(text).toContain('R$\u00a012,50');
    expect(whatsappLink(null, 'x')).toBeNull();
    expect(whatsappLink('', 'x')).toBeNull();
  });

  it('writes the statement as readable lines, newest first', () => {
    const text = statementText({ nome: 'Zé', saldo: 5 }, [
      { id: 'b', kind: 'pagamento', valor: 5, data: '2026-03-02', created_at: '', descricao: null, saldo: 5, estornado: false },
      { id: 'a', kind: 'venda', valor: 10, data: '2026-03-01', created_at: '', descricao: null, saldo: 10, estornado: false },
    ]);
    expect(text.split('\n')).toEqual([
      'Extrato do fiado de Zé',
      'Saldo devedor: R$\u00a05,00',
      '',
      '02/03/2026 Pagamento: -R$\u00a05,00 (Saldo R$\u00a05,00)',
      '01/03/2026 Compra fiado: +R$\u00a010,00 (Saldo R$\u00a010,00)',
    ]);
  });
});

describe('reversed entries', () => {
  it("name a reversal 'Estorno' and mark the reversed entry, in the statement message too", () => {
    const base = { data: '2026-03-02', created_at: '', descricao: null };
    const text = statementText({ nome: 'Zé', saldo: 0 }, [
      { ...base, id: 'b', kind: 'pagamento', valor: 5, saldo: 0, estornado: false, estornoDe: 'a' },
      { ...base, id: 'a', kind: 'debito', valor: 5, saldo: 5, estornado: true, estornoDe: null },
    ]);
    expect(text.split('\n').slice(3)).toEqual([
      '02/03/2026 Estorno: -R$\u00a05,00 (Saldo R$\u00a00,00)',
      '02/03/2026 Débito (Estornado): +R$\u00a05,00 (Saldo R$\u00a05,00)',
    ]);
    expect(canReverse({ kind: 'debito', estornoDe: null, estornado: false })).toBe(true);
    expect(canReverse({ kind: 'debito', estornoDe: null, estornado: true })).toBe(false);
    expect(canReverse({ kind: 'pagamento', estornoDe: 'a', estornado: false })).toBe(false);
    expect(canReverse({ kind: 'venda', estornoDe: null, estornado: false })).toBe(false);
  });
});

describe('pagination', () => {
  it('shows the first, last and neighbours of the current page, with gaps', () => {
    expect(visiblePages(1, 1)).toEqual([1]);
    expect(visiblePages(1, 3)).toEqual([1, 2, 3]);
    expect(visiblePages(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(visiblePages(10, 10)).toEqual([1, null, 9, 10]);
  });
});
