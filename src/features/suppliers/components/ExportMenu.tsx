// 'Exportar': a menu with 'Exportar PDF' and 'Exportar CSV' of every supplier, made on the device (offline too).
import { DropdownMenu } from 'radix-ui';
import { ChevronDown, Download, FileSpreadsheet, FileText } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import { exportSuppliers, type ExportFormat } from '../supplier-export.ts';

const copy = t.suppliers;

const itemClass =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 text-base text-ink outline-none data-[highlighted]:bg-brand-50';

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
