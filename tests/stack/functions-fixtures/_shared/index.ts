// Shared code beside the fixture functions: never served as a function itself.
export default function shared(): Response {
  return new Response('não deveria ser servido');
}
