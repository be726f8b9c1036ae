// The report's export for Premium owners ('Exportar': PDF or CSV, made on the device, offline too); free owners
// see the Premium call-to-action instead (ReportsPage): 'relatórios avançados com exportação'.
import type { SalesReport } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { ExportMenu } from '../../../ui/ExportMenu.tsx';
import { exportReport, type ExportFormat } from '../report-export.ts';

const copy = t.reports;

export function ExportReportMenu({ report }: { report: SalesReport }) {
  const command = useCommand(
    async (_data, format: ExportFormat) => {
      await exportReport(report, format);
      return format;
    },
    {
      success: (format) => ({ title: copy.exported(format.toUpperCase()), description: copy.exportedText }),
      describeFailure: () => ({ title: copy.exportFailed, description: copy.exportFailedText }),
    },
  );
  return (
    <ExportMenu
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
