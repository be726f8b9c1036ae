// The report's export for Premium owners ('Exportar': PDF or CSV, made on the device, offline too); free owners
// see the Premium call-to-action instead: 'relatórios avançados com exportação'.
import { Link } from '@tanstack/react-router';
import { DropdownMenu } from 'radix-ui';
import { ChevronDown, Crown, Download, FileSpreadsheet, FileText } from 'lucide-react';
import type { SalesReport } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import { exportReport, type ExportFormat } from '../report-export.ts';

const copy = t.reports;

const itemClass =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 text-base text-ink outline-none data-[highlighted]:bg-brand-50';

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
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className={buttonClass('secondary', 'px-4')}
        disabled={command.pending}
        aria-busy={command.pending || undefined}
      >
        <Download aria-hidden size={20} />
        {copy.export}
        <ChevronDown aria-hidden size={16} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-48 rounded-xl bg-white p-1 shadow-lg ring-1 ring-ink/10"
        >
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => {
              void command.run('pdf');
            }}
          >
            <FileText aria-hidden size={18} />
            {copy.exportPdf}
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => {
              void command.run('csv');
            }}
          >
            <FileSpreadsheet aria-hidden size={18} />
            {copy.exportCsv}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
