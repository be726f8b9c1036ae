// The plan store of the webhook over service-role REST (users, planos_pagamentos): a payment changes the plan,
// never an admin's suspension.
import { RestError, serviceRest } from './server.ts';
import type { SubscriptionStore } from './subscriptions.ts';

export const restSubscriptionStore: SubscriptionStore = {
  async setPlan(userId, changes) {
    const user = encodeURIComponent(userId);
    const stamped = { ...changes, updated_at: new Date().toISOString() };
    const applied = await serviceRest<{ id: string }[]>(`users?id=eq.${user}&status_pagamento=neq.suspenso&select=id`, {
      method: 'PATCH',
      body: stamped,
      prefer: 'return=representation',
    });
    if (applied.length > 0) return;
    // Suspended by the admin: the plan follows the payment, the suspension stays (only the admin lifts it).
    const { status_pagamento: _kept, ...planOnly } = stamped;
    await serviceRest(`users?id=eq.${user}&status_pagamento=eq.suspenso`, { method: 'PATCH', body: planOnly });
  },
  async paymentRecorded(transacaoId) {
    const rows = await serviceRest<{ id: string }[]>(
      `planos_pagamentos?select=id&transacao_id=eq.${encodeURIComponent(transacaoId)}&limit=1`,
    );
    return rows.length > 0;
  },
  async recordPayment(row) {
    try {
      await serviceRest('planos_pagamentos', { method: 'POST', body: row });
    } catch (error) {
      // Delivered twice: the payment is already recorded.
      if (error instanceof RestError && error.code === '23505') return;
      throw error;
    }
  },
  async userIdOfCustomer(customerId) {
    try {
      const rows = await serviceRest<{ id: string }[]>(
        `users?select=id&payment_details->>customer_id=eq.${encodeURIComponent(customerId)}&limit=1`,
      );
      return rows[0]?.id ?? null;
    } catch {
      return null;
    }
  },
};
