// 'Meus dados' on the account page: 'Exportar meus dados' writes everything of the owner this device holds as
// one zip file (JSON plus a CSV per table), made on the device with no connection needed.
import { Download } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { downloadBlob } from '../../../lib/export/index.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { Button } from '../../../ui/Button.tsx';
import { backupFileName, backupZip } from '../data-export.ts';

const copy = t.account.dataExport;

export function DataExportCard() {
  const exportData = useCommand(
    async (data) => {
      const snapshot = await data.backup.snapshot();
      downloadBlob(await backupZip(snapshot), backupFileName(new Date(snapshot.exportedAt)));
    },
    { success: () => ({ title: copy.done, description: copy.doneText }), failureTitle: copy.failed },
  );
  return (
    <div className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/5">
      <h2 className="text-lg font-semibold">{copy.title}</h2>
      <p className="text-ink/80">{copy.text}</p>
      <Button
        variant="secondary"
        busy={exportData.pending}
        onClick={() => void exportData.run()}
        className="self-stretch sm:self-start"
      >
        <Download aria-hidden size={18} />
        {exportData.pending ? copy.exporting : copy.action}
      </Button>
    </div>
  );
}
