// Premium subscription commands: checkout and the customer portal open the provider's pages; the status
// check compares the server's plan with the local one.
import { t } from '../../i18n/pt-BR.ts';
import type { DataClient } from '../../lib/data-client.ts';
import { DataError } from '../../../workers/contract/errors.ts';
import { accountFailure } from './failures.ts';

export type PlanPeriod = 'monthly' | 'yearly';

/** The provider's page replaces the app (the only way a card is ever typed): a navigation, not a fetch. */
function leaveTo(url: string): void {
  window.location.assign(url);
}

export async function startCheckout(data: DataClient, plan: PlanPeriod): Promise<void> {
  const { url } = await data.account.startCheckout(plan);
  leaveTo(url);
}

export async function openCustomerPortal(data: DataClient): Promise<void> {
  const { url } = await data.account.openCustomerPortal();
  leaveTo(url);
}

/** The description of a failed subscription call: the server's message, or why it could not be asked. */
export function subscriptionFailureMessage(error: unknown): string {
  const failure = accountFailure(error);
  if (failure.reason === 'offline') return t.account.connectionError;
  if (failure.reason !== 'function_failed' || !(error instanceof DataError)) return t.account.unknownError;
  const { serverMessage, serverCode } = error.details ?? {};
  if (serverMessage) return serverMessage;
  return serverCode ? t.account.httpError(serverCode) : t.account.unknownError;
}

/** 'Atualizar Status' failed: offline, what the owner can do about it; otherwise what the server said. */
export function refreshFailureMessage(error: unknown): string {
  return accountFailure(error).reason === 'offline' ? t.account.offlineActions : subscriptionFailureMessage(error);
}
