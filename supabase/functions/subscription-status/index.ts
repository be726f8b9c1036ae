// GET /functions/v1/subscription-status: the caller's plan as the server sees it ({status: premium | free,
// user}); with a real provider it first asks the provider, so a missed webhook is caught up here.
import { json, preflight } from '../_shared/http.ts';
import { billing } from '../_shared/billing.ts';
import { callerOf, serviceRest } from '../_shared/server.ts';
import { serveOnDeno } from '../_shared/serve.ts';
import { restSubscriptionStore } from '../_shared/subscription-store.ts';
import { subscriptionChanged } from '../_shared/subscriptions.ts';

interface ProfileRow {
  id: string;
  email: string | null;
  plano: 'free' | 'premium';
  data_fim_plano: string | null;
  status_pagamento: string | null;
  trial_end_date: string | null;
  payment_details: { subscription_id?: string } | null;
}

async function readProfile(userId: string): Promise<ProfileRow | undefined> {
  const [row] = await serviceRest<ProfileRow[]>(
    `users?select=id,email,plano,data_fim_plano,status_pagamento,trial_end_date,payment_details&id=eq.${encodeURIComponent(userId)}`,
  );
  return row;
}

async function handler(request: Request): Promise<Response> {
  const early = preflight(request);
  if (early) return early;
  const user = await callerOf(request);
  if (!user) return json({ error: 'Usuário não autenticado' }, 401);
  let profile = await readProfile(user.id);
  if (!profile) return json({ error: 'Perfil não encontrado' }, 404);
  const provider = billing();
  const subscriptionId = profile.payment_details?.subscription_id;
  if (provider.mode === 'stripe' && subscriptionId) {
    const subscription = await provider.stripe.subscriptions.retrieve(subscriptionId);
    await subscriptionChanged(
      subscription,
      { store: restSubscriptionStore, now: new Date() },
      subscription.status === 'canceled',
    );
    profile = (await readProfile(user.id)) ?? profile;
  }
  const premium = profile.plano === 'premium' && (!profile.data_fim_plano || new Date(profile.data_fim_plano) > new Date());
  return json({
    status: premium ? 'premium' : 'free',
    user: {
      id: profile.id,
      email: profile.email,
      plano: profile.plano,
      data_fim_plano: profile.data_fim_plano,
      status_pagamento: profile.status_pagamento,
      trial_end_date: profile.trial_end_date,
    },
  });
}

export default serveOnDeno(handler);
