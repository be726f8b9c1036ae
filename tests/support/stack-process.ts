// The whole local stack in a child process, for tests that must keep measuring while the stack itself might
// freeze: the test's own event loop (timers, probes) stays free, and a frozen child is killed at the end.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface StackProcessInfo {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** A shop owner created in the child's database. */
  ownerId: string;
}

export interface StackProcess extends StackProcessInfo {
  /** Asks the child to close; kills it if it does not exit within `graceMs` (a frozen stack cannot answer). */
  stop(graceMs?: number): Promise<void>;
}

function isInfo(message: unknown): message is StackProcessInfo {
  return typeof message === 'object' && message !== null && 'url' in message && 'ownerId' in message;
}

export async function startStackProcess(): Promise<StackProcess> {
  const child: ChildProcess = fork(fileURLToPath(new URL('./stack-process-main.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  const info = await new Promise<StackProcessInfo>((resolve, reject) => {
    child.once('message', (message) => {
      if (isInfo(message)) resolve(message);
      else reject(new Error('unexpected message from the stack process'));
    });
    child.once('exit', (code) => {
      reject(new Error(`the stack process exited early (${String(code)})`));
    });
  });
  return {
    ...info,
    async stop(graceMs = 5000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.send('close');
      let timer: NodeJS.Timeout | undefined;
      const killed = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, graceMs);
      });
      await Promise.race([exited, killed]);
      clearTimeout(timer);
      await exited;
    },
  };
}
