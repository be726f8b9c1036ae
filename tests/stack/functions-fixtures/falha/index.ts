// Fixture edge function: fails with its own status and body, or throws when asked to.
export default async function falha(request: Request): Promise<Response> {
  const { lancar } = (await request.json()) as { lancar?: boolean };
  if (lancar) throw new Error('falhou de propósito');
  return Response.json({ error: 'sem estoque' }, { status: 422 });
}
