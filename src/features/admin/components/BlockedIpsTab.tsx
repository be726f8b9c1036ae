// The IPs Bloqueados tab (docs/product.md §2, §5, §8): a form (Endereço IP, Motivo) checked on the device and by the server
// (an address or a CIDR network), and the newest blocked addresses with 'Desbloquear'; 'Nenhum IP bloqueado'.
import { useState, type SyntheticEvent } from 'react';
import { ShieldBan, Unlock } from 'lucide-react';
import type { BlockedIp } from '../../../../workers/api.ts';
import { adminSettingsText } from '../../../i18n/admin-settings.pt-BR.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';
import { useBlockedIps, useBlockIp, useUnblockIp } from '../settings-queries.ts';
import { LoadError, SkeletonCards } from '../../../ui/DataStates.tsx';

const copy = adminSettingsText.ips;
const CARD = 'flex flex-col gap-3 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm';

function BlockForm() {
  const block = useBlockIp();
  const [ip, setIp] = useState('');
  const [reason, setReason] = useState('');
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (await block.run({ ip, reason })) {
      setIp('');
      setReason('');
    }
  };
  return (
    <section aria-labelledby="block-ip" className={CARD}>
      <h2 id="block-ip" className="text-lg font-semibold text-brand-900">
        {copy.formTitle}
      </h2>
      <form className="flex flex-col gap-2" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={copy.address}
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          value={ip}
          hint={copy.addressHint}
          onChange={(event) => {
            setIp(event.target.value);
          }}
          error={block.fieldErrors.ip}
        />
        <TextField
          label={copy.reason}
          value={reason}
          maxLength={500}
          onChange={(event) => {
            setReason(event.target.value);
          }}
          error={block.fieldErrors.reason}
        />
        <Button type="submit" busy={block.pending} className="self-start">
          <ShieldBan aria-hidden size={18} />
          {block.pending ? copy.blocking : copy.block}
        </Button>
      </form>
    </section>
  );
}

function BlockedRow({ entry }: { entry: BlockedIp }) {
  const unblock = useUnblockIp();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-brand-100 p-3">
      <div className="min-w-0">
        <p className="font-mono font-semibold break-all text-brand-900">{entry.ip}</p>
        <p className="text-sm break-words text-ink/80">{entry.reason ?? copy.noReason}</p>
        <p className="text-xs text-ink/60">{copy.blockedAt(formatDateTime(entry.blockedAt))}</p>
      </div>
      <Button
        variant="secondary"
        busy={unblock.pending}
        aria-label={copy.unblockOf(entry.ip)}
        onClick={() => void unblock.run(entry.id)}
      >
        <Unlock aria-hidden size={18} />
        {copy.unblock}
      </Button>
    </li>
  );
}

export function BlockedIpsTab() {
  const blocked = useBlockedIps();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <BlockForm />
      <section aria-labelledby="blocked-list" className={CARD}>
        <h2 id="blocked-list" className="text-lg font-semibold text-brand-900">
          {copy.listTitle}
        </h2>
        {blocked.isPending ? (
          <SkeletonCards count={3} className="h-20" grid="flex flex-col gap-2" />
        ) : blocked.isError ? (
          <LoadError title={copy.loadError} error={blocked.error} onRetry={() => void blocked.refetch()} />
        ) : blocked.data.rows.length === 0 ? (
          <p role="status" className="rounded-xl border border-dashed border-brand-100 p-6 text-center font-semibold">
            {copy.empty}
          </p>
        ) : (
          <>
            <ul aria-label={copy.listTitle} className="flex flex-col gap-2">
              {blocked.data.rows.map((entry) => (
                <BlockedRow key={entry.id} entry={entry} />
              ))}
            </ul>
            {blocked.data.total > blocked.data.rows.length ? (
              <p className="text-sm text-ink/70">{copy.shown(blocked.data.rows.length, blocked.data.total)}</p>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
