// 'Exportar': a menu with 'Exportar PDF' and 'Exportar CSV' of every supplier, made on the device (offline too).
import { t } from '../../../i18n/pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { ExportMenu as ExportFormats } from '../../../ui/ExportMenu.tsx';
import { exportSuppliers, type ExportFormat } from '../supplier-export.ts';

const copy = t.suppliers;

export function ExportMenu() {
  const command = useCommand(
    async (data, format: ExportFormat) => {
      await exportSuppliers(await data.suppliers.all(), format);
      return format;
    },
    {
      success: (format) => ({ title: copy.exported(format.toUpperCase()), description: copy.exportedText }),
      describeFailure: () => ({ title: copy.exportFailed, description: copy.exportFailedText }),
    },
  );
  return (
    <ExportFormats
      label={copy.export}
      pdfLabel={copy.exportPdf}
      csvLabel={copy.exportCsv}
      busy={command.pending}
      onExport={(format) => {
        void command.run(format);
      }}
    />
  );
}
