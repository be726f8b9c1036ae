// A fresh checkout of the working tree for tests that run the README's commands: the files git tracks or would
// track (nothing it ignores: no .data, no dist), copied to a temporary folder, with node_modules linked as
// `npm ci` would have filled it. Also a free port to start things on.
import { execFileSync } from 'node:child_process';
import { copyFile, lstat, mkdir, mkdtemp, readlink, rm, symlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const REPOSITORY = join(import.meta.dirname, '..');

export interface CleanCheckout {
  dir: string;
  remove(): Promise<void>;
}

const gitFiles = (...args: string[]): string[] =>
  execFileSync('git', ['ls-files', '-z', ...args], { cwd: REPOSITORY, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);

export async function cleanCheckout(): Promise<CleanCheckout> {
  const dir = await mkdtemp(join(tmpdir(), 'caderneta-checkout-'));
  const deleted = new Set(gitFiles('--deleted'));
  for (const file of new Set(gitFiles('--cached', '--others', '--exclude-standard'))) {
    // A linked node_modules (a worktree's) is not ignored by `node_modules/`, which names folders only.
    if (deleted.has(file) || file === 'node_modules') continue;
    const source = join(REPOSITORY, file);
    const target = join(dir, file);
    await mkdir(dirname(target), { recursive: true });
    if ((await lstat(source)).isSymbolicLink()) await symlink(await readlink(source), target);
    else await copyFile(source, target);
  }
  await symlink(join(REPOSITORY, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no free port'));
      });
    });
  });
}
