// The reports page's pure rules: the address read into report parameters (anything invalid opens today), the
// custom range's messages, how chart buckets are written, shares, and both exports' content (CSV parsed back
// with papaparse, PDF text read): the period, the buckets and the summary lines.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { SalesReport } from '../../workers/api.ts';
import { csvText, pdfBytes } from '../../src/lib/export/index.ts';
import {
  bucketLabel,
  bucketTitle,
  rangeProblem,
  readReportSearch,
  reportParamsOf,
  shareOf,
} from '../../src/features/reports/report-params.ts';
import { reportCsv, reportFileName, reportPdf } from '../../src/features/reports/report-export.ts';
import { pdfPages } from '../support/pdf-text.ts';

describe('report address', () => {
  it.each([
    [{}, { period: 'dia' }],
    [{ periodo: 'semana' }, { period: 'semana' }],
    [{ periodo: 'mes' }, { period: 'mes' }],
    [{ periodo: 'ano' }, { period: 'dia' }],
    [
      { periodo: 'custom', de: '2026-11-01', ate: '2026-11-24' },
      { period: 'custom', from: '2026-11-01', to: '2026-11-24' },
    ],
    [{ periodo: 'custom', de: '2026-11-24', ate: '2026-11-01' }, { period: 'dia' }],
    [{ periodo: 'custom', de: '2026-02-30', ate: '2026-03-01' }, { period: 'dia' }],
    [{ periodo: 'custom', de: 'ontem' }, { period: 'dia' }],
  ])('%j → %j', (search, params) => {
    expect(reportParamsOf(readReportSearch(search))).toEqual(params);
  });

  it("words the custom range's problems", () => {
    expect(rangeProblem('', '2026-11-24')).toBe('Informe as duas datas.');
    expect(rangeProblem('2026-11-24', '2026-11-23')).toBe('A data final deve ser igual ou posterior à inicial.');
    expect(rangeProblem('2020-01-01', '2026-01-01')).toBe('Escolha um período de até 3 anos.');
    expect(rangeProblem('2026-11-24', '2026-11-24')).toBeNull();
  });
});

describe('labels', () => {
  it('writes buckets by granularity', () => {
    expect(bucketLabel('hora', '07')).toBe('7h');
    expect(bucketLabel('dia', '2026-11-24')).toBe('24/11');
    expect(bucketLabel('semana', '2026-11-23')).toBe('Sem. 23/11');
    expect(bucketLabel('mes', '2026-11')).toBe('nov/26');
    expect(bucketTitle('hora', '23', '2026-11-24')).toBe('24/11/2026 23h');
    expect(bucketTitle('semana', '2026-11-23', '2026-11-01')).toBe('Sem. 23/11/2026');
  });

  it('rounds shares and never divides by zero', () => {
    expect(shareOf(50, 68)).toBe(74);
    expect(shareOf(0, 0)).toBe(0);
  });
});

const report: SalesReport = {
  kind: 'figures',
  source: 'device',
  period: 'custom',
  from: '2026-11-23',
  to: '2026-11-24',
  granularity: 'dia',
  points: [
    { key: '2026-11-23', total: 0, count: 0 },
    { key: '2026-11-24', total: 1234.5, count: 3 },
  ],
  revenue: { total: 1234.5, count: 3, averageTicket: 411.5 },
  discounts: 0,
  byType: { avista: { total: 1000, count: 2 }, fiado: { total: 234.5, count: 1 } },
  byMethod: [
    { method: 'dinheiro', total: 400, count: 1 },
    { method: 'cartao', total: 600, count: 1 },
    { method: 'pix', total: 0, count: 0 },
    { method: 'outro', total: 0, count: 0 },
  ],
  topByRevenue: [],
  topByMargin: [],
  withoutCost: 0,
  costOfGoods: 800.5,
  grossMargin: 434,
  expenses: { total: 300.25, count: 2 },
  receivables: { total: 234.5, bands: [], clients: [], clientCount: 1 },
  oversold: [],
  oversoldCount: 0,
  anySales: true,
};

describe('report exports', () => {
  it('CSV: buckets with comma decimals, then the summary rows; parsed back with papaparse', async () => {
    const { table, extraRows } = reportCsv(report);
    const rows = Papa.parse<string[]>(await csvText(table, extraRows), { delimiter: ';' }).data;
    expect(rows).toEqual([
      ['Período', 'Vendas', 'Faturamento'],
      ['23/11/2026', '0', '0,00'],
      ['24/11/2026', '3', '1234,50'],
      ['Faturamento', '', '1234,50'],
      ['À vista', '', '1000,00'],
      ['Fiado', '', '234,50'],
      ['Dinheiro', '', '400,00'],
      ['Cartão', '', '600,00'],
      ['Pix', '', '0,00'],
      ['Outro', '', '0,00'],
      ['Custo das mercadorias vendidas', '', '800,50'],
      ['Margem bruta', '', '434,00'],
      ['Despesas', '', '300,25'],
      ['Fiado a receber', '', '234,50'],
    ]);
    expect(reportFileName(report, 'csv')).toBe('relatorio_2026-11-23_2026-11-24.csv');
  });

  it('PDF: title, period, generated date, the buckets and the summary', async () => {
    const text = (await pdfPages(await pdfBytes(reportPdf(report, new Date(2026, 10, 24, 18, 30))))).join('\n');
    for (const expected of [
      'Relatório de Vendas',
      'Período: 23/11/2026 a 24/11/2026',
      'Gerado em 24/11/2026 18:30',
      '24/11/2026',
      'Faturamento: R$',
      '1.234,50',
      'Margem bruta: R$',
      '434,00',
      'Fiado a receber: R$',
    ]) {
      expect(text).toContain(expected);
    }
  });
});
