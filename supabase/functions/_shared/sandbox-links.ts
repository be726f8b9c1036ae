// The payment sandbox's links, one use each and for one hour (public.payment_sandbox_links, service role only):
// registered when the checkout or the portal hands one out, taken when the sandbox sends the provider's event.
import { serviceRest } from './server.ts';

export type SandboxLinkKind = 'checkout' | 'portal';
/** Where a link stands: usable, already used, past its hour, or never handed out. */
export type SandboxLinkState = 'valido' | 'usado' | 'expirado' | 'inexistente';

/** A new link id: `cs_sandbox_…` (a checkout session, as the provider names them) or `ps_sandbox_…` (a portal). */
export function newSandboxLinkId(kind: SandboxLinkKind): string {
  return `${kind === 'checkout' ? 'cs' : 'ps'}_sandbox_${crypto.randomUUID().replace(/-/g, '')}`;
}

export async function registerSandboxLink(id: string, userId: string, kind: SandboxLinkKind): Promise<void> {
  await serviceRest('payment_sandbox_links', { method: 'POST', body: { id, user_id: userId, kind } });
}

/** The link's state; with `take`, a usable link is used in the same step (a second press finds it 'usado'). */
export async function sandboxLinkState(id: string, take: boolean): Promise<SandboxLinkState> {
  return serviceRest<SandboxLinkState>('rpc/usar_link_sandbox', { method: 'POST', body: { p_id: id, p_usar: take } });
}

/** A taken link given back, when its event could not be delivered. */
export async function giveBackSandboxLink(id: string): Promise<void> {
  await serviceRest('rpc/devolver_link_sandbox', { method: 'POST', body: { p_id: id } });
}
