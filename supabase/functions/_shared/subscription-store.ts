// The plan store of the webhook over service-role REST (users, planos_pagamentos).
import { RestError, serviceRest } from './server.ts';
import type { SubscriptionStore } from './subscriptions.ts';

export const restSubscriptionStore: SubscriptionStore = {
  async setPlan(userId, changes) {
    await serviceRest(`users?id=eq.${encodeURIComponent(userId)}`, { method: 'PATCH', body: { ...changes, updated_at: new Date().toISOString() } });
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
      const rows = await serviceRest<{ id: string }[]>(`users?select=id&payment_details->>customer_id=eq.${encodeURIComponent(customerId)}&limit=1`);
      return rows[0]?.id ?? null;
    } catch {
      return null;
    }
  },
};
