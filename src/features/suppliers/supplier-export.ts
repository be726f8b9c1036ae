// The suppliers' exports (docs/product.md §3, §9): PDF 'Relatório de Fornecedores' with the generated date, the columns
// Nome, CNPJ/CPF, Telefone, Email, Endereço and the total; the CSV adds Observações and Data de Criação.
import type { SupplierView } from '../../../workers/api.ts';
import { t } from '../../i18n/pt-BR.ts';
import { formatDate, formatDateTime, maskPhone } from '../../lib/format.ts';
import { csvBlob, downloadBlob, fileDate, pdfBlob, type ExportReport, type ExportTable } from '../../lib/export/index.ts';

const copy = t.suppliers;
const column = copy.columns;

export type { ExportFormat } from '../../lib/export/index.ts';
import type { ExportFormat } from '../../lib/export/index.ts';

const baseCells = (supplier: SupplierView): string[] => [
  supplier.nome,
  supplier.cnpj_cpf ?? '',
  supplier.telefone ? maskPhone(supplier.telefone) : '',
  supplier.email ?? '',
  supplier.endereco ?? '',
];

/** The PDF report: title, 'Gerado em …', five columns, and the number of suppliers. */
export function supplierReport(suppliers: readonly SupplierView[], now: Date): ExportReport {
  return {
    title: copy.reportTitle,
    subtitle: [copy.generatedAt(formatDateTime(now))],
    table: {
      columns: [
        { header: column.nome, weight: 1.4 },
        { header: column.cnpj_cpf, weight: 1 },
        { header: column.telefone, weight: 1 },
        { header: column.email, weight: 1.4 },
        { header: column.endereco, weight: 1.6 },
      ],
      rows: suppliers.map(baseCells),
    },
    footer: [copy.total(suppliers.length)],
  };
}

/** The CSV table: the PDF's columns plus Observações and Data de Criação (dd/MM/yyyy). */
export function supplierCsvTable(suppliers: readonly SupplierView[]): ExportTable {
  return {
    columns: [
      column.nome,
      column.cnpj_cpf,
      column.telefone,
      column.email,
      column.endereco,
      column.observacoes,
      column.created_at,
    ].map((header) => ({ header })),
    rows: suppliers.map((supplier) => [...baseCells(supplier), supplier.observacoes ?? '', formatDate(supplier.created_at)]),
  };
}

/** fornecedores_2026-11-24.pdf / .csv */
export function supplierFileName(format: ExportFormat, now: Date): string {
  return `fornecedores_${fileDate(now)}.${format}`;
}

/** Builds the file on the device (the libraries load on demand) and hands it to the browser's download. */
export async function exportSuppliers(suppliers: readonly SupplierView[], format: ExportFormat, now = new Date()): Promise<void> {
  const blob = format === 'pdf' ? await pdfBlob(supplierReport(suppliers, now)) : await csvBlob(supplierCsvTable(suppliers));
  downloadBlob(blob, supplierFileName(format, now));
}
