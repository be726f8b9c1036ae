// `npm run stack`: starts the local Supabase-compatible stack and prints how to reach it; stops on SIGINT/SIGTERM.
import { startStack } from './stack.ts';

const stack = await startStack();
const where = stack.config.databaseUrl ? 'Postgres (DATABASE_URL)' : `PGlite em ${stack.config.dataDir ?? 'memória'}`;
console.info(`Caderneta: stack local no ar (${where})
  API URL:          ${stack.url}
  REST:             ${stack.url}/rest/v1
  anon key:         ${stack.anonKey}
  service_role key: ${stack.serviceRoleKey}
  Caixa de e-mails: ${stack.url}/mail`);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.info(`\n${signal}: encerrando…`);
  try {
    await stack.close();
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
