// POST /functions/v1/checkout {plan: 'monthly' | 'yearly'}: starts the premium subscription at the card
// provider (or the local payment sandbox) and answers {success, url} for the browser to open. A suspended or
// banned account gets none; the owner returns only to the app's configured addresses.
import { json, preflight, returnUrl } from '../_shared/http.ts';
import { billing, isPlanPeriod, PRICE_CENTS } from '../_shared/billing.ts';
import { supabaseEnv } from '../_shared/env.ts';
import { newSandboxLinkId, registerSandboxLink } from '../_shared/sandbox-links.ts';
import { signToken, type SandboxCheckout } from '../_shared/sandbox-token.ts';
import { callerOf, serviceRest, standingOf } from '../_shared/server.ts';
import { serveOnDeno } from '../_shared/serve.ts';

async function handler(request: Request): Promise<Response> {
  const early = preflight(request);
  if (early) return early;
  if (request.method !== 'POST') return json({ success: false, error: 'Método não permitido' }, 405);
  const user = await callerOf(request);
  if (!user) return json({ success: false, error: 'Usuário não autenticado' }, 401);
  const body = (await request.json().catch(() => ({}))) as { plan?: unknown };
  if (!isPlanPeriod(body.plan)) return json({ success: false, error: 'Plano inválido' }, 400);
  const standing = await standingOf(request);
  if (standing === 'conta_suspensa') {
    return json({ success: false, error: 'Sua conta está suspensa. Fale com o suporte para voltar a usar o Caderneta.' }, 403);
  }
  if (standing === 'conta_inexistente') return json({ success: false, error: 'Conta não encontrada' }, 403);
  const successUrl = returnUrl(request, '/account?status=success&session_id={CHECKOUT_SESSION_ID}');
  const cancelUrl = returnUrl(request, '/upgrade');
  if (!successUrl || !cancelUrl) return json({ success: false, error: 'Endereço do aplicativo não configurado (SITE_URL)' }, 500);
  const provider = billing();
  if (provider.mode === 'unavailable') return json({ success: false, error: 'Pagamento indisponível no momento' }, 503);

  if (provider.mode === 'sandbox') {
    const id = newSandboxLinkId('checkout');
    await registerSandboxLink(id, user.id, 'checkout');
    const checkout: SandboxCheckout = {
      kind: 'checkout',
      id,
      userId: user.id,
      email: user.email,
      plan: body.plan,
      successUrl,
      cancelUrl,
    };
    const token = await signToken(checkout, provider.sandboxSecret);
    return json({ success: true, url: `${supabaseEnv().url}/functions/v1/payment-sandbox?t=${encodeURIComponent(token)}` });
  }

  const [profile] = await serviceRest<{ payment_details: { customer_id?: string } | null }[]>(
    `users?select=payment_details&id=eq.${encodeURIComponent(user.id)}`,
  );
  const customer = profile?.payment_details?.customer_id;
  const price = provider.priceOf(body.plan);
  const session = await provider.stripe.checkout.sessions.create({
    mode: 'subscription',
    locale: 'pt-BR',
    client_reference_id: user.id,
    ...(customer ? { customer } : { customer_email: user.email }),
    metadata: { user_id: user.id, plan: body.plan },
    subscription_data: { metadata: { user_id: user.id, plan: body.plan } },
    line_items: [
      price
        ? { price, quantity: 1 }
        : {
            quantity: 1,
            price_data: {
              currency: 'brl',
              unit_amount: PRICE_CENTS[body.plan],
              recurring: { interval: body.plan === 'yearly' ? 'year' : 'month' },
              product_data: { name: 'Caderneta Premium' },
            },
          },
    ],
    success_url: successUrl,
    cancel_url: cancelUrl,
  });
  if (!session.url) return json({ success: false, error: 'O provedor de pagamento não devolveu o endereço' }, 502);
  return json({ success: true, url: session.url });
}

export default serveOnDeno(handler);
