// The Segurança tab (docs/product.md §2): the static security switches, said on screen to be not saved, and the 'no
// security alerts' notice.
import { useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import { adminSettingsText } from '../../../i18n/admin-settings.pt-BR.ts';
import { SettingsSwitch } from './SettingsSwitch.tsx';

const copy = adminSettingsText.security;
const CARD = 'flex flex-col gap-2 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm';

export function SettingsSecurityTab() {
  const [values, setValues] = useState({ strongPassword: true, adminLog: true, suspiciousLogins: true, autoBlock: false });
  const toggle = (name: keyof typeof values) => (checked: boolean) => {
    setValues({ ...values, [name]: checked });
  };
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section aria-labelledby="security-policies" className={CARD}>
        <h2 id="security-policies" className="text-lg font-semibold text-brand-900">
          {copy.title}
        </h2>
        <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">{copy.notSaved}</p>
        <SettingsSwitch label={copy.strongPassword} checked={values.strongPassword} onChange={toggle('strongPassword')} />
        <SettingsSwitch label={copy.adminLog} checked={values.adminLog} onChange={toggle('adminLog')} />
        <SettingsSwitch label={copy.suspiciousLogins} checked={values.suspiciousLogins} onChange={toggle('suspiciousLogins')} />
        <SettingsSwitch label={copy.autoBlock} checked={values.autoBlock} onChange={toggle('autoBlock')} />
      </section>
      <section aria-labelledby="security-alerts" className={CARD}>
        <h2 id="security-alerts" className="text-lg font-semibold text-brand-900">
          {copy.alertsTitle}
        </h2>
        <p role="status" className="flex items-center gap-2 rounded-xl bg-green-50 p-3 text-green-900">
          <ShieldCheck aria-hidden size={20} className="shrink-0" />
          {copy.noAlerts}
        </p>
      </section>
    </div>
  );
}
