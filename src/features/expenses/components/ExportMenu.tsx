// 'Exportar': 'Exportar PDF' and 'Exportar CSV' of every expense of the current filters, made on the device.
import type { ExpenseFilter } from '../../../../workers/api.ts';
import { expensesText } from '../../../i18n/expenses.pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { ExportMenu as ExportFormats } from '../../../ui/ExportMenu.tsx';
import { exportExpenses, type ExportFormat } from '../expense-export.ts';

const copy = expensesText;

export function ExportMenu({ filter }: { filter: ExpenseFilter }) {
  const command = useCommand(
    async (data, format: ExportFormat) => {
      await exportExpenses(await data.expenses.exportRows(filter), format);
      return format;
    },
    {
      success: (format) => ({
        title: format === 'pdf' ? copy.exportedPdf : copy.exportedCsv,
        description: copy.exportedDescription,
      }),
      describeFailure: () => ({ title: copy.exportErrorTitle, description: copy.exportError }),
    },
  );
  return (
    <ExportFormats
      label={copy.export}
      busyLabel={copy.exporting}
      pdfLabel={copy.exportPdf}
      csvLabel={copy.exportCsv}
      className="px-3 sm:px-4"
      busy={command.pending}
      onExport={(format) => {
        void command.run(format);
      }}
    />
  );
}
