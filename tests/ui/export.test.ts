// The shared export module (src/lib/export): the CSV parses back with papaparse to the same rows (';' and comma
// decimals), formula-like cells are neutralised, and the PDF's extracted text (unpdf) holds the title, the lines
// under it, every row across page breaks and the total.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvBlob, csvText, decimalCell, fileDate, pdfBytes, type ExportReport } from '../../src/lib/export/index.ts';
import { pdfPages } from '../support/pdf-text.ts';

const columns = [
  { header: 'Data' },
  { header: 'Descrição', weight: 3 },
  { header: 'Categoria', weight: 2 },
  { header: 'Valor', align: 'right' as const },
];

describe('cells', () => {
  it.each([
    [12.5, '12,50'],
    [1234.567, '1234,57'],
    [0, '0,00'],
    [-0.001, '0,00'],
    [-3.2, '-3,20'],
  ])('decimalCell(%s) → %s', (value, cell) => {
    expect(decimalCell(value)).toBe(cell);
  });

  it('names files by the local date', () => {
    expect(fileDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('CSV', () => {
  const rows = [
    ['01/11/2026', 'Conta de luz; novembro', 'Contas', '150,75'],
    ['02/11/2026', 'Pão "francês"', 'Sem categoria', '3,00'],
    ['03/11/2026', 'Troco', 'Outros', '-2,50'],
  ];

  it("parses back with papaparse to the same rows, ';' separated with comma decimals", async () => {
    const text = await csvText({ columns, rows }, [['Total', '', '', '151,25']]);
    expect(text.split('\r\n')[0]).toBe('Data;Descrição;Categoria;Valor');
    const parsed = Papa.parse<string[]>(text, { delimiter: ';' });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([['Data', 'Descrição', 'Categoria', 'Valor'], ...rows, ['Total', '', '', '151,25']]);
  });

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const text = await csvText({ columns, rows: [['=1+1', '+SOMA(A1)', '@x', '-12,50']] });
    const parsed = Papa.parse<string[]>(text, { delimiter: ';' });
    expect(parsed.data[1]).toEqual(["'=1+1", "'+SOMA(A1)", "'@x", '-12,50']);
  });

  it('is a UTF-8 file with a byte-order mark', async () => {
    const blob = await csvBlob({ columns, rows });
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});

describe('PDF', () => {
  it('holds the title, the lines under it, every row (over several pages, header repeated) and the total', async () => {
    const rows = Array.from({ length: 75 }, (_, index) => [
      '01/11/2026',
      `Despesa número ${String(index + 1)} com ção`,
      index % 2 ? 'Sem categoria' : 'Água e luz',
      decimalCell(index + 0.5),
    ]);
    const report: ExportReport = {
      title: 'Relatório de Despesas',
      subtitle: ['Gerado em 24/11/2026 10:15'],
      table: { columns, rows },
      footer: ['Total: R$ 2.850,00'],
    };
    const pages = await pdfPages(await pdfBytes(report));
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.join('\n');
    expect(pages[0]).toContain('Relatório de Despesas');
    expect(pages[0]).toContain('Gerado em 24/11/2026 10:15');
    for (const page of pages) expect(page).toContain('Data Descrição Categoria Valor');
    for (const row of rows) expect(all).toContain(row.join(' '));
    expect(pages.at(-1)).toContain('Total: R$ 2.850,00');
  });

  it('wraps a long cell instead of cutting it', async () => {
    const long = 'Manutenção da geladeira expositora com troca do compressor e da borracha da porta';
    const pages = await pdfPages(
      await pdfBytes({ title: 'T', subtitle: [], table: { columns, rows: [['01/11/2026', long, 'X', '1,00']] }, footer: [] }),
    );
    const words = (pages[0] ?? '').replace(/\s+/g, ' ');
    for (const word of long.split(' ')) expect(words).toContain(word);
  });
});
