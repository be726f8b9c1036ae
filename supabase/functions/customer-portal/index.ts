// POST /functions/v1/customer-portal: the provider's page where a premium owner manages or cancels the
// subscription (the sandbox's own page without provider keys); answers {url}.
import { json, preflight, returnUrl } from '../_shared/http.ts';
import { billing } from '../_shared/billing.ts';
import { supabaseEnv } from '../_shared/env.ts';
import { newSandboxLinkId, registerSandboxLink } from '../_shared/sandbox-links.ts';
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
  const back = returnUrl(request, '/account');
  if (!back) return json({ error: 'Endereço do aplicativo não configurado (SITE_URL)' }, 500);
  const provider = billing();
  if (provider.mode === 'unavailable') return json({ error: 'Pagamento indisponível no momento' }, 503);
  if (provider.mode === 'sandbox') {
    const id = newSandboxLinkId('portal');
    await registerSandboxLink(id, user.id, 'portal');
    const portal: SandboxPortal = {
      kind: 'portal',
      id,
      userId: user.id,
      customerId: details.customer_id,
      subscriptionId: details.subscription_id ?? '',
      plan: details.plan === 'yearly' ? 'yearly' : 'monthly',
      periodEnd: profile?.data_fim_plano ?? null,
      returnUrl: back,
    };
    const token = await signToken(portal, provider.sandboxSecret);
    return json({ url: `${supabaseEnv().url}/functions/v1/payment-sandbox?t=${encodeURIComponent(token)}` });
  }
  const session = await provider.stripe.billingPortal.sessions.create({
    customer: details.customer_id,
    return_url: back,
    locale: 'pt-BR',
  });
  return json({ url: session.url });
}

export default serveOnDeno(handler);
