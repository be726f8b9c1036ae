// ESC/POS bytes read back by a decoder written from the command reference (ESC @, ESC E, ESC a, ESC d, GS V,
// GS ( k): the encoder's commands, accents folded for the printer, and a whole receipt with its PIX QR.
import { describe, expect, it } from 'vitest';
import { asciiBytes, EscPosEncoder } from '../../src/lib/escpos.ts';
import { receiptEscPos } from '../../src/features/sales/receipt-escpos.ts';
import { receiptOf } from '../../src/features/sales/receipt-model.ts';
import type { SaleDetails } from '../../workers/api.ts';

type Op =
  | { op: 'init' }
  | { op: 'line'; text: string }
  | { op: 'bold'; on: boolean }
  | { op: 'align'; align: 'left' | 'center' | 'right' }
  | { op: 'feed'; lines: number }
  | { op: 'cut' }
  | { op: 'qr'; data: string; moduleSize: number };

/** Reads a job back into commands; throws on any byte sequence it does not know. */
function decode(bytes: Uint8Array): Op[] {
  const ops: Op[] = [];
  let at = 0;
  let text = '';
  let qr = { data: '', moduleSize: 0 };
  const byte = (offset: number) => {
    const value = bytes[at + offset];
    if (value === undefined) throw new Error(`truncated at ${String(at)}`);
    return value;
  };
  while (at < bytes.length) {
    const b = byte(0);
    if (b === 0x0a) {
      ops.push({ op: 'line', text });
      text = '';
      at += 1;
    } else if (b >= 0x20 && b <= 0x7e) {
      text += String.fromCharCode(b);
      at += 1;
    } else if (b === 0x1b && byte(1) === 0x40) {
      ops.push({ op: 'init' });
      at += 2;
    } else if (b === 0x1b && byte(1) === 0x45) {
      ops.push({ op: 'bold', on: byte(2) === 1 });
      at += 3;
    } else if (b === 0x1b && byte(1) === 0x61) {
      ops.push({ op: 'align', align: (['left', 'center', 'right'] as const)[byte(2)] ?? 'left' });
      at += 3;
    } else if (b === 0x1b && byte(1) === 0x64) {
      ops.push({ op: 'feed', lines: byte(2) });
      at += 3;
    } else if (b === 0x1d && byte(1) === 0x56 && byte(2) === 0x42) {
      ops.push({ op: 'cut' });
      at += 4;
    } else if (b === 0x1d && byte(1) === 0x28 && byte(2) === 0x6b) {
      const length = byte(3) + byte(4) * 256;
      const [cn, fn] = [byte(5), byte(6)];
      if (cn !== 0x31) throw new Error('not a QR function');
      if (fn === 0x43) qr.moduleSize = byte(7);
      if (fn === 0x50) qr.data = String.fromCharCode(...bytes.slice(at + 8, at + 5 + length));
      if (fn === 0x51) {
        ops.push({ op: 'qr', ...qr });
        qr = { data: '', moduleSize: 0 };
      }
      at += 5 + length;
    } else throw new Error(`unknown byte 0x${b.toString(16)} at ${String(at)}`);
  }
  if (text !== '') throw new Error('text without its line feed');
  return ops;
}

describe('EscPosEncoder', () => {
  it('starts with ESC @ and writes each command as the printer reads it', () => {
    const job = new EscPosEncoder()
      .align('center')
      .bold(true)
      .line('Mercadinho')
      .bold(false)
      .align('right')
      .line('R$ 5,00')
      .feed(3)
      .cut();
    expect(decode(job.encode())).toEqual([
      { op: 'init' },
      { op: 'align', align: 'center' },
      { op: 'bold', on: true },
      { op: 'line', text: 'Mercadinho' },
      { op: 'bold', on: false },
      { op: 'align', align: 'right' },
      { op: 'line', text: 'R$ 5,00' },
      { op: 'feed', lines: 3 },
      { op: 'cut' },
    ]);
  });

  it('folds accents and turns what a printer cannot print into ?', () => {
    expect(String.fromCharCode(...asciiBytes('Feijão Água ç\u00a0€'))).toBe('Feijao Agua c ?');
  });

  it('stores and prints a QR code of the exact text, with its module size and 2-byte length', () => {
    const data = `000201${'x'.repeat(300)}`;
    const ops = decode(new EscPosEncoder().qr(data, 5).encode());
    expect(ops).toEqual([{ op: 'init' }, { op: 'qr', data, moduleSize: 5 }]);
  });
});

describe('receiptEscPos', () => {
  const sale: SaleDetails = {
    id: '12345678-9abc-4def-8123-456789abcdef',
    data: '2026-11-27',
    tipo: 'fiado',
    clienteId: '00000000-0000-4000-8000-00000000000a',
    cliente: { id: '00000000-0000-4000-8000-00000000000a', nome: 'Maria José', telefone: null },
    formaPagamento: null,
    formaPagamentoDescricao: null,
    total: 21.7,
    desconto: 0,
    valorRecebido: null,
    itens: [
      { produtoId: 'a', nome: 'Arroz', marca: null, unidade: 'un', quantidade: 2, precoUnitario: 5, precoTotal: 10, desconto: 0 },
      {
        produtoId: 'b',
        nome: 'Queijo',
        marca: 'Minas',
        unidade: 'kg',
        quantidade: 0.255,
        precoUnitario: 45.9,
        precoTotal: 11.7,
        desconto: 0,
      },
    ],
    createdAt: new Date(2026, 10, 27, 14, 5).toISOString(),
    source: 'device',
    revision: null,
  };
  const receipt = receiptOf(sale, { name: 'Mercadinho São João', pixKey: '12345678909', city: 'Olinda' }, 61.7);

  it('prints a 58 mm receipt in 32 columns: shop, number, time, lines, total, client, balance, PIX QR, cut', () => {
    const ops = decode(receiptEscPos(receipt, 58));
    const lines = ops.flatMap((op) => (op.op === 'line' ? [op.text] : []));
    expect(lines.every((line) => line.length <= 32)).toBe(true);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Mercadinho Sao Joao',
        'Venda #28T5CY',
        '27/11/2026 14:05',
        'Arroz',
        '2 x R$ 5,00             R$ 10,00',
        'Queijo Minas',
        '0,255 kg x R$ 45,90/kg  R$ 11,70',
        'TOTAL                   R$ 21,70',
        'Cliente: Maria Jose',
        'Saldo devedor           R$ 61,70',
      ]),
    );
    const qr = ops.find((op) => op.op === 'qr');
    expect(qr).toMatchObject({ op: 'qr', data: receipt.pixCode });
    expect(receipt.pixCode).toContain('540561.70');
    expect(ops.at(-1)).toEqual({ op: 'cut' });
  });

  it('prints the cash received and the change of a cash sale that kept them', () => {
    const cash = receiptOf(
      { ...sale, tipo: 'avista', formaPagamento: 'dinheiro', cliente: null, clienteId: null, valorRecebido: 50 },
      { name: 'Mercadinho São João', pixKey: null, city: null },
      null,
    );
    const lines = decode(receiptEscPos(cash, 58)).flatMap((op) => (op.op === 'line' ? [op.text] : []));
    expect(lines).toEqual(expect.arrayContaining(['Valor recebido          R$ 50,00', 'Troco                   R$ 28,30']));
  });

  it("prints a split sale's parts one row each, and the cash received and change of its cash part", () => {
    const split = receiptOf(
      {
        ...sale,
        total: 35.5,
        formaPagamento: 'dinheiro',
        valorRecebido: 50,
        pagamentos: [
          { forma: 'dinheiro', valor: 20 },
          { forma: 'fiado', valor: 15.5 },
        ],
      },
      { name: 'Mercadinho São João', pixKey: null, city: null },
      15.5,
    );
    expect(split.payment).toBeNull();
    expect(split.parts?.map((part) => ({ ...part, amount: part.amount.replace(/\u00a0/g, ' ') }))).toEqual([
      { method: 'Dinheiro', amount: 'R$ 20,00' },
      { method: 'Fiado', amount: 'R$ 15,50' },
    ]);
    const lines = decode(receiptEscPos(split, 58)).flatMap((op) => (op.op === 'line' ? [op.text] : []));
    expect(lines.every((line) => line.length <= 32)).toBe(true);
    const at = lines.indexOf('Pagamento:');
    expect(lines.slice(at, at + 5)).toEqual([
      'Pagamento:',
      '  Dinheiro              R$ 20,00',
      '  Fiado                 R$ 15,50',
      'Valor recebido          R$ 50,00',
      'Troco                   R$ 30,00',
    ]);
    expect(lines).toContain('Saldo devedor           R$ 15,50');
    // A sale paid by one method has no parts.
    expect(receipt.parts).toBeNull();
  });

  it('uses 48 columns on an 80 mm roll', () => {
    const lines = decode(receiptEscPos(receipt, 80)).flatMap((op) => (op.op === 'line' ? [op.text] : []));
    expect(lines).toContain(`TOTAL${' '.repeat(35)}R$ 21,70`);
  });
});
