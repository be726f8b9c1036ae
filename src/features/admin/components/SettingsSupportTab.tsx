// The Suporte tab (docs/product.md §2): SLA alerts from the server (title, hours left with one decimal, the ticket's priority
// badge: Urgente, Alta, Média or Baixa; or
// 'Todos os tickets estão dentro do SLA') with a refresh, then static support switches and a first-response SLA
// field (24 hours) said on screen to be not saved.
import { useState } from 'react';
import { AlertTriangle, CheckCircle2, RefreshCw } from 'lucide-react';
import { adminSettingsText } from '../../../i18n/admin-settings.pt-BR.ts';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';
import { useSlaAlerts } from '../settings-queries.ts';
import { LoadError, SkeletonCards } from '../../../ui/DataStates.tsx';
import { SettingsSwitch } from './SettingsSwitch.tsx';
import { PriorityBadge } from './SupportBadges.tsx';

const copy = adminSettingsText.support;
const CARD = 'flex flex-col gap-3 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm';
/** Default first-response SLA shown (docs/product.md §9). */
const DEFAULT_SLA_HOURS = '24';

const oneDecimal = (hours: number) =>
  Math.abs(hours).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function SlaAlerts() {
  const alerts = useSlaAlerts();
  return (
    <section aria-labelledby="sla-alerts" className={CARD}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="sla-alerts" className="text-lg font-semibold text-brand-900">
          {copy.slaTitle}
        </h2>
        <Button variant="secondary" busy={alerts.isFetching} onClick={() => void alerts.refetch()}>
          <RefreshCw aria-hidden size={18} />
          {copy.refresh}
        </Button>
      </div>
      {alerts.isPending ? (
        <SkeletonCards count={2} className="h-14" grid="flex flex-col gap-2" />
      ) : alerts.isError ? (
        <LoadError title={copy.loadError} error={alerts.error} onRetry={() => void alerts.refetch()} />
      ) : alerts.data.length === 0 ? (
        <p role="status" className="flex items-center gap-2 rounded-xl bg-green-50 p-3 text-green-900">
          <CheckCircle2 aria-hidden size={20} className="shrink-0" />
          {copy.allWithin}
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {alerts.data.map((alert) => (
            <li
              key={alert.ticketId}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-red-50 p-3 text-red-900"
            >
              <span className="flex min-w-0 items-center gap-2">
                <AlertTriangle aria-hidden size={18} className="shrink-0" />
                <span className="min-w-0 break-words font-medium">{alert.title}</span>
              </span>
              <span className="flex items-center gap-2 text-sm">
                {alert.hoursRemaining >= 0
                  ? copy.hoursLeft(oneDecimal(alert.hoursRemaining))
                  : copy.overdue(oneDecimal(alert.hoursRemaining))}
                <PriorityBadge priority={alert.priority} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function SettingsSupportTab() {
  const [values, setValues] = useState({ autoAssign: false, emailOnReply: true, autoClose: false });
  const [sla, setSla] = useState(DEFAULT_SLA_HOURS);
  const toggle = (name: keyof typeof values) => (checked: boolean) => {
    setValues({ ...values, [name]: checked });
  };
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SlaAlerts />
      <section aria-labelledby="support-settings" className={CARD}>
        <h2 id="support-settings" className="text-lg font-semibold text-brand-900">
          {copy.settingsTitle}
        </h2>
        <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">{copy.notSaved}</p>
        <SettingsSwitch label={copy.autoAssign} checked={values.autoAssign} onChange={toggle('autoAssign')} />
        <SettingsSwitch label={copy.emailOnReply} checked={values.emailOnReply} onChange={toggle('emailOnReply')} />
        <SettingsSwitch label={copy.autoClose} checked={values.autoClose} onChange={toggle('autoClose')} />
        <TextField
          label={copy.firstResponse}
          inputMode="numeric"
          value={sla}
          onChange={(event) => {
            setSla(event.target.value);
          }}
        />
      </section>
    </div>
  );
}
