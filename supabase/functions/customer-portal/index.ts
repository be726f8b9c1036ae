// POST /functions/v1/customer-portal: the provider's page where a premium owner manages or cancels the
// subscription (the sandbox's own page without provider keys); answers {url}.
import { appOrigin, json, preflight } from '../_shared/http.ts';
import { billing } from '../_shared/billing.ts';
import { readEnv, supabaseEnv } from '../_shared/env.ts';
import { signToken, type SandboxPortal } from '../_shared/sandbox-token.ts';
import { callerOf, serviceRest } from '../_shared/server.ts';
import { serveOnDeno } from '../_shared/serve.ts';

interface Details {
  customer_id?: string;
  subscription_id?: string;
  plan?: string;
}

async function handler(request: Request): Promise<Response> {
  const early = preflight(request);
  if (early) return early;
  if (request.method !== 'POST') return json({ error: 'Método não permitido' }, 405);
  const user = await callerOf(request);
  if (!user) return json({ error: 'Usuário não autenticado' }, 401);
  const [profile] = await serviceRest<{ payment_details: Details | null; data_fim_plano: string | null }[]>(
    `users?select=payment_details,data_fim_plano&id=eq.${encodeURIComponent(user.id)}`,
  );
  const details = profile?.payment_details ?? null;
  if (!details?.customer_id) return json({ error: 'Nenhuma assinatura encontrada' }, 404);
  const origin = appOrigin(request, readEnv('SITE_URL'));
  if (!origin) return json({ error: 'Origem do aplicativo desconhecida' }, 400);
  const returnUrl = `${origin}/account`;
  const provider = await billing();
  if (provider.mode === 'unavailable') return json({ error: 'Pagamento indisponível no momento' }, 503);
  if (provider.mode === 'sandbox') {
    const portal: SandboxPortal = {
      kind: 'portal',
      userId: user.id,
      customerId: details.customer_id,
      subscriptionId: details.subscription_id ?? '',
      plan: details.plan === 'yearly' ? 'yearly' : 'monthly',
      periodEnd: profile?.data_fim_plano ?? null,
      returnUrl,
    };
    const token = await signToken(portal, provider.sandboxSecret);
    return json({ url: `${supabaseEnv().url}/functions/v1/payment-sandbox?t=${encodeURIComponent(token)}` });
  }
  const session = await provider.stripe.billingPortal.sessions.create({ customer: details.customer_id, return_url: returnUrl, locale: 'pt-BR' });
  return json({ url: session.url });
}

export default serveOnDeno(handler);
