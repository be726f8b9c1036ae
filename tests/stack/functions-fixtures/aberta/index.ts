// Fixture edge function served without the JWT check (as a payment webhook is), written the deployable way:
// default export for the local stack, serveOnDeno for Supabase's runtime.
import { serveOnDeno } from '../../../../supabase/functions/_shared/serve.ts';

export default serveOnDeno((request: Request): Response => {
  return new Response(`recebido ${request.method}`, { headers: { 'content-type': 'text/plain' } });
});
