// The plan comparison: tabs Mensal / Anual, the free card and the premium card (R$ 14,90 or R$ 143,00).
import { Tabs } from 'radix-ui';
import { Check } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import type { PlanPeriod } from '../subscription.ts';
import { Button } from '../../../ui/Button.tsx';

const copy = t.upgrade;

function Features({ items }: { items: readonly string[] }) {
  return (
    <ul className="mt-4 flex flex-col gap-2">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <Check aria-hidden size={18} className="mt-0.5 shrink-0 text-brand-600" />
          {item}
        </li>
      ))}
    </ul>
  );
}

/** Subscribing from the plan cards: the page's checkout command and whether it is running. */
export interface SubscribeAction {
  readonly run: (plan: PlanPeriod) => Promise<unknown>;
  readonly pending: boolean;
}

function PremiumCard({ yearly, current, subscribe }: { yearly: boolean; current: boolean; subscribe?: SubscribeAction }) {
  const busy = subscribe?.pending ?? false;
  return (
    <div className="rounded-2xl bg-brand-900 p-5 text-white shadow-sm">
      <h3 className="text-lg font-semibold">{copy.premium}</h3>
      <p className="mt-2">
        {yearly ? <s className="mr-2 text-white/60">{copy.yearlyFullPrice}</s> : null}
        <span className="text-3xl font-bold">{yearly ? copy.yearlyPrice : copy.monthlyPrice}</span>
        <span className="text-white/80">{yearly ? copy.perYear : copy.perMonth}</span>
      </p>
      {yearly ? (
        <p className="mt-1 inline-block rounded-full bg-accent-400 px-2 py-0.5 text-sm font-semibold text-ink">
          {copy.yearlySaving}
        </p>
      ) : null}
      <div className="[&_svg]:text-accent-400">
        <Features items={copy.premiumFeatures} />
      </div>
      {current ? <p className="mt-4 font-semibold">{copy.currentPlan}</p> : null}
      {subscribe && !current ? (
        <Button
          variant="accent"
          className="mt-5 w-full"
          busy={busy}
          onClick={() => void subscribe.run(yearly ? 'yearly' : 'monthly')}
        >
          {busy ? copy.redirecting : yearly ? copy.subscribeYearly : copy.subscribeMonthly}
        </Button>
      ) : null}
    </div>
  );
}

export function PlanComparison({ isPremium, subscribe }: { isPremium: boolean; subscribe?: SubscribeAction }) {
  const tab =
    'min-h-11 flex-1 rounded-lg px-4 font-semibold data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm';
  return (
    <Tabs.Root defaultValue="mensal">
      <Tabs.List aria-label={copy.title} className="flex gap-1 rounded-xl bg-brand-100 p-1 text-brand-700">
        <Tabs.Trigger value="mensal" className={tab}>
          {copy.monthly}
        </Tabs.Trigger>
        <Tabs.Trigger value="anual" className={tab}>
          {copy.yearly}
        </Tabs.Trigger>
      </Tabs.List>
      {(['mensal', 'anual'] as const).map((value) => (
        <Tabs.Content key={value} value={value} className="mt-4 grid gap-4 md:grid-cols-2">
          <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/5">
            <h3 className="text-lg font-semibold">{copy.free}</h3>
            <p className="mt-2 text-3xl font-bold">{copy.freePrice}</p>
            <Features items={copy.freeFeatures} />
            {!isPremium ? <p className="mt-4 font-semibold text-brand-700">{copy.currentPlan}</p> : null}
          </div>
          <PremiumCard yearly={value === 'anual'} current={isPremium} subscribe={subscribe} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
