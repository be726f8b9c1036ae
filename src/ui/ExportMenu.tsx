// 'Exportar' as a menu of 'Exportar PDF' and 'Exportar CSV' (Radix: keyboard and screen-reader ready); the screen
// says what is exported and how, this only offers the two formats.
import { DropdownMenu } from 'radix-ui';
import { ChevronDown, Download, FileSpreadsheet, FileText } from 'lucide-react';
import type { ExportFormat } from '../lib/export/index.ts';
import { buttonClass } from './Button.tsx';

export interface ExportMenuProps {
  label: string;
  /** The trigger's text while an export is being made ('Exportando...'); the label by default. */
  busyLabel?: string;
  pdfLabel: string;
  csvLabel: string;
  busy: boolean;
  onExport: (format: ExportFormat) => void;
  className?: string;
}

const itemClass =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 text-base text-ink outline-none data-[highlighted]:bg-brand-50';

export function ExportMenu({ label, busyLabel, pdfLabel, csvLabel, busy, onExport, className = 'px-4' }: ExportMenuProps) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={buttonClass('secondary', className)} disabled={busy} aria-busy={busy || undefined}>
        <Download aria-hidden size={20} />
        {busy && busyLabel ? busyLabel : label}
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
              onExport('pdf');
            }}
          >
            <FileText aria-hidden size={18} />
            {pdfLabel}
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => {
              onExport('csv');
            }}
          >
            <FileSpreadsheet aria-hidden size={18} />
            {csvLabel}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
