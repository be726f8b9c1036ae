// The thin wrapper that lets one handler run in both places: on Supabase's Deno runtime it starts Deno.serve;
// in the local stack (Node) it does nothing, because the stack imports the module's default export.
export type EdgeHandler = (request: Request) => Response | Promise<Response>;

interface DenoServe {
  Deno?: { serve(handler: EdgeHandler): unknown };
}

/** Call at the end of `supabase/functions/<name>/index.ts`, after `export default handler`. */
export function serveOnDeno(handler: EdgeHandler): EdgeHandler {
  (globalThis as DenoServe).Deno?.serve(handler);
  return handler;
}
