// The report's export for Premium owners ('Exportar': PDF or CSV, made on the device, offline too); free owners
// see the Premium call-to-action instead: 'relatórios avançados com exportação'.
import { Link } from '@tanstack/react-router';
import { Crown } from 'lucide-react';
import type { SalesReport } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { ExportMenu } from '../../../ui/ExportMenu.tsx';
import { buttonClass } from '../../../ui/Button.tsx';
import { exportReport, type ExportFormat } from '../report-export.ts';

const copy = t.reports;

export function PremiumCallToAction() {
  return (
    <div className="flex flex-col gap-2 rounded-2xl bg-accent-400/20 p-4 ring-1 ring-accent-400/50 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="flex items-center gap-2 font-semibold text-ink">
          <Crown aria-hidden size={18} />
          {copy.premiumTitle}
        </p>
        <p className="text-sm text-ink/80">{copy.premiumText}</p>
      </div>
      <Link to="/upgrade" className={buttonClass('accent', 'shrink-0 px-4')}>
        {copy.premiumCta}
      </Link>
    </div>
  );
}

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
