// The till's arithmetic and its shared text: which sales belong to a session (device, opening and closing
// stamps), sums by payment method in cents, the cash expected, the difference, and the closing's text.
import { describe, expect, it } from 'vitest';
import { tillReportText, differenceText } from '../../src/features/till/till-report.ts';
import { formatDateTime } from '../../src/lib/format.ts';
import { bucketOf, difference, expectedCash, inSession, summarize, type TillSale } from '../../workers/till/summary.ts';

const hlc = (physical: number, node: string) => `${physical.toString(36).padStart(11, '0')}:00000:${node}`;
const session = {
  dispositivo: 'balcao01',
  abertura_hlc: hlc(1_000, 'balcao01.t1'),
  fechamento_hlc: hlc(2_000, 'balcao01.t2'),
  troco_inicial: 100,
  movimentos: [
    { id: 'a', tipo: 'sangria' as const, valor: 0.1, motivo: null, em: '' },
    { id: 'b', tipo: 'sangria' as const, valor: 0.2, motivo: null, em: '' },
    { id: 'c', tipo: 'suprimento' as const, valor: 20, motivo: 'troco', em: '' },
  ],
};
const sale = (physical: number, node: string, total: number, extra: Partial<TillSale> = {}): TillSale => ({
  hlc: hlc(physical, node),
  total,
  tipo: 'avista',
  forma_pagamento: 'dinheiro',
  ...extra,
});

describe('till arithmetic', () => {
  it('counts only the sales its device stamped between opening and closing', () => {
    expect(inSession(sale(1_000, 'balcao01.t1', 1), session)).toBe(false); // the opening stamp itself
    expect(inSession(sale(1_001, 'balcao01.t9', 1), session)).toBe(true); // another tab of the device
    expect(inSession(sale(2_000, 'balcao01.t2', 1), session)).toBe(true); // the closing stamp
    expect(inSession(sale(2_001, 'balcao01.t2', 1), session)).toBe(false);
    expect(inSession(sale(1_500, 'balcao02.t1', 1), session)).toBe(false); // another device
    expect(inSession(sale(1_500, 'balcao0.t1', 1), session)).toBe(false); // a prefix of the name is not the device
    expect(inSession(sale(5_000, 'balcao01.t1', 1), { ...session, fechamento_hlc: null })).toBe(true); // still open
  });

  it('sums by method in cents and works out the drawer', () => {
    const sales = [
      sale(1_100, 'balcao01.t1', 0.1),
      sale(1_200, 'balcao01.t1', 0.2),
      sale(1_300, 'balcao01.t1', 12.35, { forma_pagamento: 'pix' }),
      sale(1_400, 'balcao01.t1', 8, { forma_pagamento: 'cartao' }),
      sale(1_500, 'balcao01.t1', 4, { forma_pagamento: 'Vale' }),
      sale(1_600, 'balcao01.t1', 4, { forma_pagamento: null }),
      sale(1_700, 'balcao01.t1', 30, { tipo: 'fiado', forma_pagamento: null }),
      sale(1_800, 'outro.t1', 999),
    ];
    const summary = summarize(session, sales);
    expect(summary).toEqual({
      vendas: 7,
      total: 58.65,
      por_forma: { dinheiro: 0.3, cartao: 8, pix: 12.35, outro: 8, fiado: 30 },
      suprimentos: 20,
      sangrias: 0.3,
    });
    // 100 + 0,30 + 20 − 0,30: no float residue.
    expect(expectedCash(session.troco_inicial, summary)).toBe(120);
    expect(difference(119.7, 120)).toBe(-0.3);
    expect(difference(120.1, 120)).toBe(0.1);
    expect(bucketOf({ tipo: 'fiado', forma_pagamento: 'dinheiro' })).toBe('fiado');
  });

  it('words the difference and writes the closing as text', () => {
    expect(differenceText(0)).toBe('Sem diferença');
    expect(differenceText(-0.9)).toBe('Falta R$\u00a00,90');
    expect(differenceText(2)).toBe('Sobra R$\u00a02,00');
    const text = tillReportText(
      {
        id: 'x',
        aberto_em: '2026-11-24T11:00:00.000Z',
        fechado_em: '2026-11-24T21:30:00.000Z',
        troco_inicial: 50,
        movimentos: [],
        resumo: {
          vendas: 3,
          total: 45.5,
          por_forma: { dinheiro: 10, cartao: 7.5, pix: 5, outro: 3, fiado: 20 },
          suprimentos: 10,
          sangrias: 4.1,
        },
        esperado: 65.9,
        contado: 65,
        diferenca: -0.9,
        observacoes: 'Faltou troco',
        esteAparelho: true,
      },
      'Mercadinho Prado',
    );
    expect(text.split('\n')).toEqual([
      '*Fechamento de caixa* — Mercadinho Prado',
      // Dates in the device's own time zone.
      `${formatDateTime('2026-11-24T11:00:00.000Z')} até ${formatDateTime('2026-11-24T21:30:00.000Z')}`,
      '',
      'Total vendido: R$\u00a045,50 (3 vendas)',
      '  Dinheiro: R$\u00a010,00',
      '  Cartão: R$\u00a07,50',
      '  PIX: R$\u00a05,00',
      '  Outro: R$\u00a03,00',
      '  Fiado (a receber): R$\u00a020,00',
      '',
      'Troco inicial: R$\u00a050,00',
      'Suprimentos: R$\u00a010,00',
      'Sangrias: R$\u00a04,10',
      'Dinheiro esperado na gaveta: R$\u00a065,90',
      'Dinheiro contado: R$\u00a065,00',
      'Diferença: Falta R$\u00a00,90',
      '',
      'Observações: Faltou troco',
    ]);
  });
});
