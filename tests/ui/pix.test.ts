// The PIX copia-e-cola payload: CRC-16/CCITT-FALSE, EMV fields and lengths, accents folded, truncation, and the
// Central Bank's published static example reproduced to the last digit of its CRC; the client reminder's code and the
// account page's form rules.
import { describe, expect, it } from 'vitest';
import { crc16, emvField, foldAscii, pixAmount, pixPayload } from '../../src/features/clients/pix.ts';
import { clientPixOf } from '../../src/features/clients/use-pix-code.ts';
import { greetingText, reminderText } from '../../src/features/clients/whatsapp.ts';
import { t } from '../../src/i18n/pt-BR.ts';
import { fieldMessages } from '../../src/i18n/errors.ts';
import { checkPixKey } from '../../src/features/account/pix-key.ts';

/** Splits a payload into its top-level [id, value] fields. */
function fields(payload: string): [string, string][] {
  const out: [string, string][] = [];
  let at = 0;
  while (at < payload.length) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    out.push([id, payload.slice(at + 4, at + 4 + length)]);
    at += 4 + length;
  }
  return out;
}

describe('crc16', () => {
  it('is CRC-16/CCITT-FALSE: check value 0x29B1 for "123456789"', () => {
    expect(crc16('123456789')).toBe('29B1');
    expect(crc16('')).toBe('FFFF');
    // One byte, 'A' (0x41), bit by bit: 0xB915.
    expect(crc16('A')).toBe('B915');
  });
});

describe('pixPayload', () => {
  it("reproduces the Central Bank manual's static example (CRC 1D3D)", () => {
    expect(
      pixPayload({
        key: '123e4567-e12b-12d1-a456-426655440000',
        merchantName: 'Fulano de Tal',
        merchantCity: 'BRASILIA',
        amount: null,
      }),
    ).toBe(
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
    );
  });

  it('carries the amount owed with two decimals, the key, name and city, and a CRC over the rest', () => {
    const payload = pixPayload({ key: '12345678909', merchantName: 'Mercadinho São João', merchantCity: 'Olinda', amount: 12.5 });
    expect(fields(payload)).toEqual([
      ['00', '01'],
      ['26', '0014br.gov.bcb.pix011112345678909'],
      ['52', '0000'],
      ['53', '986'],
      ['54', '12.50'],
      ['58', 'BR'],
      ['59', 'Mercadinho Sao Joao'],
      ['60', 'Olinda'],
      ['62', '0503***'],
      ['63', payload.slice(-4)],
    ]);
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
    expect(payload.slice(-8, -4)).toBe('6304');
  });

  it('folds accents and cuts the name at 25 and the city at 15 characters', () => {
    const payload = pixPayload({
      key: 'dona@mercado.com.br',
      merchantName: 'Empório e Açougue Família Conceição',
      merchantCity: 'São José dos Campos',
      amount: 1234.567,
    });
    const byId = new Map(fields(payload));
    expect(byId.get('59')).toBe('Emporio e Acougue Familia');
    expect(byId.get('59')).toHaveLength(25);
    expect(byId.get('60')).toBe('Sao Jose dos Ca');
    expect(byId.get('54')).toBe('1234.57');
  });

  it('falls back when a name or city has no ASCII letter, and leaves out a zero amount', () => {
    const byId = new Map(fields(pixPayload({ key: '+5511988887777', merchantName: '商店', merchantCity: '  ', amount: 0 })));
    expect(byId.get('59')).toBe('CADERNETA');
    expect(byId.get('60')).toBe('BRASIL');
    expect(byId.has('54')).toBe(false);
  });

  it('fits a 77-character key in the 99-character account field', () => {
    const key = `${'a'.repeat(65)}@exemplo.com`;
    const account = new Map(fields(pixPayload({ key, merchantName: 'M', merchantCity: 'C', amount: 1 }))).get('26');
    expect(account).toHaveLength(99);
    expect(() => emvField('26', 'x'.repeat(100))).toThrow(RangeError);
  });
});

describe('helpers', () => {
  it('foldAscii and pixAmount', () => {
    expect(foldAscii('  Pão   de Açúcar  ', 25)).toBe('Pao de Acucar');
    expect(foldAscii('Mercado Ótimo Ltda', 14)).toBe('Mercado Otimo');
    expect(pixAmount(0.1 + 0.2)).toBe('0.30');
    expect(pixAmount(9_999_999_999.99)).toBe('9999999999.99');
  });
});

describe('the client reminder', () => {
  const profile = { chave_pix: '12345678909', nome_mercado: 'Mercadinho da Ana', cidade: 'Olinda' };

  it('has a code only when something is owed and the owner has a key', () => {
    expect(clientPixOf(profile, 0)).toEqual({ kind: 'none' });
    expect(clientPixOf({ ...profile, chave_pix: null }, 10)).toEqual({ kind: 'no_key' });
    expect(clientPixOf(null, 10)).toEqual({ kind: 'no_key' });
    const pix = clientPixOf(profile, 25.9);
    expect(pix).toEqual({
      kind: 'code',
      code: pixPayload({ key: '12345678909', merchantName: 'Mercadinho da Ana', merchantCity: 'Olinda', amount: 25.9 }),
    });
    // Without a market name the app's fallback name is the merchant.
    const fallback = clientPixOf({ ...profile, nome_mercado: null }, 1);
    expect(fallback.kind === 'code' && fallback.code.includes('5912CadernetaPro')).toBe(true);
  });

  it('puts the copia-e-cola code in the WhatsApp greeting after the balance', () => {
    const client = { nome: 'Maria', saldo: 25.9 };
    const pix = clientPixOf(profile, client.saldo);
    const code = pix.kind === 'code' ? pix.code : '';
    expect(reminderText(client, code)).toBe(`${greetingText(client)}\n\n${t.pix.reminder}\n${code}`);
    expect(reminderText(client, null)).toBe(greetingText(client));
    expect(reminderText({ nome: 'Maria', saldo: 0 }, code)).toBe(greetingText({ nome: 'Maria', saldo: 0 }));
  });
});

describe("the account page's PIX form", () => {
  const current = { chavePix: '12345678909', cidade: 'Olinda' };

  it('refuses an unchanged key and city, accepts a change, and a blank key clears it', () => {
    expect(checkPixKey({ chavePix: '123.456.789-09', cidade: ' Olinda ' }, current)).toEqual({
      ok: false,
      issues: [{ field: 'chavePix', code: 'unchanged' }],
    });
    expect(checkPixKey({ chavePix: '12345678909', cidade: 'Recife' }, current)).toEqual({
      ok: true,
      value: { chavePix: '12345678909', cidade: 'Recife' },
    });
    expect(checkPixKey({ chavePix: '', cidade: 'Olinda' }, current)).toEqual({
      ok: true,
      value: { chavePix: null, cidade: 'Olinda' },
    });
  });

  it("words each field's issue in Portuguese", () => {
    const checked = checkPixKey({ chavePix: 'x@y', cidade: '' }, { chavePix: null, cidade: null });
    expect(checked.ok ? {} : fieldMessages('account', checked.issues)).toEqual({ chavePix: t.pix.keyInvalid });
    const noCity = checkPixKey({ chavePix: '+5511988887777', cidade: ' ' }, { chavePix: null, cidade: null });
    expect(noCity.ok ? {} : fieldMessages('account', noCity.issues)).toEqual({ cidade: t.pix.cityRequired });
  });
});
