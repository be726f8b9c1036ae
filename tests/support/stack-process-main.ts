// The child side of stack-process.ts: a test stack over a fresh database, plus one shop owner, reported to the
// parent over IPC; it stops when the parent says so.
import { randomUUID } from 'node:crypto';
import { startTestStack } from './stack.ts';
import type { StackProcessInfo } from './stack-process.ts';

const stack = await startTestStack();
const ownerId = randomUUID();
await stack.db.query(`INSERT INTO auth.users (id, email, raw_user_meta_data, email_confirmed_at) VALUES ($1, $2, $3, now())`, [
  ownerId,
  `${ownerId.slice(0, 8)}@teste.dev`,
  JSON.stringify({ nome: 'Dona Teste', nome_mercado: 'Mercadinho Teste', telefone: '11988887777' }),
]);
const info: StackProcessInfo = {
  url: stack.url,
  anonKey: stack.anonKey,
  serviceRoleKey: stack.serviceRoleKey,
  jwtSecret: stack.config.jwtSecret,
  ownerId,
};
process.send?.(info);
process.on('message', (message) => {
  if (message !== 'close') return;
  void stack.close().finally(() => process.exit(0));
});
