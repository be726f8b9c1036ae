// 'Exportar': 'Exportar PDF' and 'Exportar CSV' of every expense of the current filters, made on the device.
import { DropdownMenu } from 'radix-ui';
import { ChevronDown, Download, FileSpreadsheet, FileText } from 'lucide-react';
import type { ExpenseFilter } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import { exportExpenses, type ExportFormat } from '../expense-export.ts';

const copy = t.expenses;

const itemClass =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 text-base text-ink outline-none data-[highlighted]:bg-brand-50';

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
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className={buttonClass('secondary', 'px-3 sm:px-4')}
        disabled={command.pending}
        aria-busy={command.pending || undefined}
      >
        <Download aria-hidden size={20} />
        {command.pending ? copy.exporting : copy.export}
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
