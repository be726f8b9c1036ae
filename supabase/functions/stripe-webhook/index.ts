// POST /functions/v1/stripe-webhook: the card provider's events, accepted only with a valid Stripe-Signature
// (the sandbox signs its events the same way with its own secret), applied to the owner's plan.
import { billing, cryptoProvider } from '../_shared/billing.ts';
import { json } from '../_shared/http.ts';
import { serveOnDeno } from '../_shared/serve.ts';
import { restSubscriptionStore } from '../_shared/subscription-store.ts';
import { applyEvent } from '../_shared/subscriptions.ts';

async function handler(request: Request): Promise<Response> {
  if (request.method !== 'POST') return json({ error: 'Método não permitido' }, 405);
  const signature = request.headers.get('stripe-signature');
  if (!signature) return json({ error: 'Assinatura ausente' }, 400);
  const payload = await request.text();
  const provider = billing();
  if (provider.mode === 'unavailable' || !provider.webhookSecret) return json({ error: 'Pagamento não configurado' }, 503);
  let event;
  try {
    event = await provider.stripe.webhooks.constructEventAsync(
      payload,
      signature,
      provider.webhookSecret,
      undefined,
      cryptoProvider,
    );
  } catch {
    return json({ error: 'Assinatura inválida' }, 400);
  }
  const applied = await applyEvent(event, {
    store: restSubscriptionStore,
    now: new Date(),
    ...(provider.mode === 'stripe' ? { retrieveSubscription: (id: string) => provider.stripe.subscriptions.retrieve(id) } : {}),
  });
  return json({ received: true, applied });
}

export default serveOnDeno(handler);
