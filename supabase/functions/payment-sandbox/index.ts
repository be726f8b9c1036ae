// The payment sandbox: without provider keys it plays the card provider's checkout and customer portal pages,
// and on 'Pagar' / 'Cancelar assinatura' sends the provider's events, signed, to the same stripe-webhook. Each
// link is good once and for an hour, as a provider's session. With STRIPE_SECRET_KEY set (production) it does
// not exist.
import { billing, cryptoProvider, PRICE_CENTS } from '../_shared/billing.ts';
import { supabaseEnv } from '../_shared/env.ts';
import { giveBackSandboxLink, sandboxLinkState, type SandboxLinkState } from '../_shared/sandbox-links.ts';
import { readToken, type SandboxCheckout, type SandboxPortal } from '../_shared/sandbox-token.ts';
import { serveOnDeno } from '../_shared/serve.ts';

type SandboxToken = SandboxCheckout | SandboxPortal;

const PLAN_LABEL = { monthly: 'Premium Mensal', yearly: 'Premium Anual' } as const;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function brl(cents: number): string {
  return new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);
}

function page(title: string, body: string, status = 200): Response {
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>
body{margin:0;font-family:system-ui,sans-serif;background:#f7f5ef;color:#1d2420}
main{max-width:26rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:1rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.4rem;margin:.2rem 0 1rem}.tag{display:inline-block;background:#fde68a;border-radius:99px;padding:.2rem .7rem;font-size:.85rem;font-weight:600}
.price{font-size:2rem;font-weight:700;margin:.5rem 0}button{display:block;width:100%;min-height:3rem;margin-top:.75rem;border-radius:.75rem;font-size:1rem;font-weight:600;cursor:pointer}
.pay{background:#1f6f4a;color:#fff;border:0}.cancel{background:#fff;color:#185a3c;border:1px solid #1f6f4a}p{line-height:1.5}
</style></head><body><main><span class="tag">Ambiente de teste — nenhum cartão é cobrado</span>${body}</main></body></html>`;
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}

function form(token: string, buttons: string): string {
  return `<form method="post"><input type="hidden" name="t" value="${escapeHtml(token)}">${buttons}</form>`;
}

/** The page for a link that can no longer be used (or never could): what happened and what to do. */
function refused(state: Exclude<SandboxLinkState, 'valido'>, kind: SandboxToken['kind']): Response {
  const what = kind === 'checkout' ? 'link de pagamento' : 'link da assinatura';
  if (state === 'usado') {
    return page(
      'Link já usado',
      `<h1>Este ${what} já foi usado.</h1><p>Cada link vale uma vez. Volte ao Caderneta e comece de novo, se precisar.</p>`,
      410,
    );
  }
  if (state === 'expirado') {
    return page(
      'Link expirado',
      `<h1>Este ${what} expirou.</h1><p>Os links valem por uma hora. Volte ao Caderneta e comece de novo.</p>`,
      410,
    );
  }
  return page('Link inválido', `<h1>Este ${what} é inválido.</h1>`, 400);
}

async function sendEvent(type: string, object: Record<string, unknown>, secret: string): Promise<boolean> {
  const provider = billing();
  const payload = JSON.stringify({
    id: `evt_sandbox_${crypto.randomUUID().replace(/-/g, '')}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
  const signature = await provider.stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, cryptoProvider });
  const response = await fetch(`${supabaseEnv().url}/functions/v1/stripe-webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  return response.ok;
}

function compact(id: string): string {
  return id.replace(/-/g, '');
}

async function pay(checkout: SandboxCheckout, secret: string): Promise<Response> {
  const sent = await sendEvent(
    'checkout.session.completed',
    {
      id: checkout.id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: checkout.userId,
      customer: `cus_sandbox_${compact(checkout.userId)}`,
      customer_email: checkout.email,
      subscription: `sub_sandbox_${compact(checkout.id)}`,
      metadata: { user_id: checkout.userId, plan: checkout.plan },
      amount_total: PRICE_CENTS[checkout.plan],
      currency: 'brl',
    },
    secret,
  );
  if (!sent)
    return page('Erro no pagamento', '<h1>Não foi possível confirmar o pagamento.</h1><p>Volte e tente novamente.</p>', 502);
  return Response.redirect(checkout.successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(checkout.id)), 303);
}

async function cancelSubscription(portal: SandboxPortal, secret: string): Promise<Response> {
  const end = portal.periodEnd ? Math.floor(new Date(portal.periodEnd).getTime() / 1000) : Math.floor(Date.now() / 1000);
  const sent = await sendEvent(
    'customer.subscription.updated',
    {
      id: portal.subscriptionId,
      object: 'subscription',
      customer: portal.customerId,
      status: 'active',
      cancel_at_period_end: true,
      metadata: { user_id: portal.userId, plan: portal.plan },
      items: { object: 'list', data: [{ object: 'subscription_item', current_period_end: end }] },
    },
    secret,
  );
  if (!sent) return page('Erro', '<h1>Não foi possível cancelar a assinatura.</h1>', 502);
  return Response.redirect(portal.returnUrl, 303);
}

function show(token: string, value: SandboxToken): Response {
  if (value.kind === 'checkout') {
    return page(
      'Pagamento',
      `<h1>Assinar ${PLAN_LABEL[value.plan]}</h1><p>${escapeHtml(value.email)}</p>
<p class="price">${brl(PRICE_CENTS[value.plan])}<small>${value.plan === 'yearly' ? '/ano' : '/mês'}</small></p>
${form(token, `<button class="pay" name="action" value="pay">Pagar ${brl(PRICE_CENTS[value.plan])}</button><button class="cancel" name="action" value="cancel">Cancelar</button>`)}`,
    );
  }
  const until = value.periodEnd ? new Date(value.periodEnd).toLocaleDateString('pt-BR') : '—';
  return page(
    'Sua assinatura',
    `<h1>${PLAN_LABEL[value.plan]}</h1><p>Próxima renovação: ${escapeHtml(until)}</p>
${form(token, `<button class="cancel" name="action" value="cancel-subscription">Cancelar assinatura</button><button class="pay" name="action" value="back">Voltar ao Caderneta</button>`)}`,
  );
}

/** Takes the link, runs the action that sends its event, and gives the link back if the event did not get through. */
async function once(value: SandboxToken, action: () => Promise<Response>): Promise<Response> {
  const state = await sandboxLinkState(value.id, true);
  if (state !== 'valido') return refused(state, value.kind);
  const response = await action();
  if (response.status >= 500) await giveBackSandboxLink(value.id);
  return response;
}

async function handler(request: Request): Promise<Response> {
  const provider = billing();
  if (provider.mode !== 'sandbox') return new Response('Not found', { status: 404 });
  const url = new URL(request.url);
  let token = url.searchParams.get('t') ?? '';
  let action = '';
  if (request.method === 'POST') {
    const data = new URLSearchParams(await request.text());
    token = data.get('t') ?? '';
    action = data.get('action') ?? '';
  }
  const value = await readToken<SandboxToken>(token, provider.sandboxSecret);
  if (!value) return page('Link inválido', '<h1>Este link de pagamento é inválido.</h1>', 400);
  if (value.kind === 'checkout' && action === 'pay') return once(value, () => pay(value, provider.webhookSecret));
  if (value.kind === 'portal' && action === 'cancel-subscription') {
    return once(value, () => cancelSubscription(value, provider.webhookSecret));
  }
  const state = await sandboxLinkState(value.id, false);
  if (state !== 'valido') return refused(state, value.kind);
  if (request.method !== 'POST') return show(token, value);
  return Response.redirect(value.kind === 'checkout' ? value.cancelUrl : value.returnUrl, 303);
}

export default serveOnDeno(handler);
