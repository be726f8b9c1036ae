// Fixture edge function served without the JWT check (as a payment webhook is).
export default function aberta(request: Request): Response {
  return new Response(`recebido ${request.method}`, { headers: { 'content-type': 'text/plain' } });
}
