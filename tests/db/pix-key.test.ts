// The owner's PIX key and city on public.users: the owner sets and clears their own (never another's), and the
// CHECK keeps only the key shapes PIX knows (CPF, CNPJ, +55 phone, e-mail, random EVP key; at most 77 characters).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/database.ts';
import { createTestDatabase } from '../support/database.ts';
import { asActor, createUser, errorCode, owner } from './helpers.ts';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

async function pixOf(id: string): Promise<{ chave_pix: string | null; cidade: string | null }> {
  const { rows } = await db.query<{ chave_pix: string | null; cidade: string | null }>(
    `SELECT chave_pix, cidade FROM public.users WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) throw new Error('perfil ausente');
  return row;
}

const setKey = (actorId: string, targetId: string, chave: string | null, cidade: string | null = 'Recife') =>
  asActor(db, owner(actorId), (tx) =>
    tx.query(`UPDATE public.users SET chave_pix = $2, cidade = $3 WHERE id = $1`, [targetId, chave, cidade]),
  );

describe('PIX key on the profile', () => {
  it('starts empty; the owner sets every valid shape and clears it', async () => {
    const id = await createUser(db);
    expect(await pixOf(id)).toEqual({ chave_pix: null, cidade: null });
    for (const chave of [
      '12345678909',
      '12345678000195',
      '+5511988887777',
      '+551133334444',
      'dona.ana@mercado.com.br',
      '123e4567-e12b-12d1-a456-426655440000',
      `${'a'.repeat(65)}@exemplo.com`,
    ]) {
      await setKey(id, id, chave);
      expect(await pixOf(id)).toEqual({ chave_pix: chave, cidade: 'Recife' });
    }
    await setKey(id, id, null, null);
    expect(await pixOf(id)).toEqual({ chave_pix: null, cidade: null });
  });

  it("never changes another owner's key", async () => {
    const alice = await createUser(db);
    const bruno = await createUser(db);
    await setKey(bruno, bruno, '12345678909');
    const result = await asActor(db, owner(alice), (tx) =>
      tx.query(`UPDATE public.users SET chave_pix = '98765432100' WHERE id = $1`, [bruno]),
    );
    expect(result.rowCount).toBe(0);
    expect((await pixOf(bruno)).chave_pix).toBe('12345678909');
  });

  it('refuses junk keys and a blank or too long city (23514), keeping the old values', async () => {
    const id = await createUser(db);
    await setKey(id, id, '12345678909');
    for (const junk of [
      '',
      '1234567890',
      '123.456.789-09',
      '123456789012',
      '11988887777x',
      '5511988887777',
      '+15551234567',
      '+55119888877770',
      'sem-arroba.com',
      'a@b',
      'dois@@arrobas.com',
      'com espaço@mercado.com',
      '123E4567-E12B-12D1-A456-426655440000',
      '123e4567e12b12d1a456426655440000',
      `${'a'.repeat(70)}@exemplo.com`,
    ]) {
      expect(await errorCode(setKey(id, id, junk)), junk).toBe('23514');
    }
    expect(await errorCode(setKey(id, id, '12345678909', '   '))).toBe('23514');
    expect(await errorCode(setKey(id, id, '12345678909', 'x'.repeat(61)))).toBe('23514');
    expect(await pixOf(id)).toEqual({ chave_pix: '12345678909', cidade: 'Recife' });
  });

  it('still refuses the plan columns, with the new wording', async () => {
    const id = await createUser(db);
    await expect(
      asActor(db, owner(id), (tx) =>
        tx.query(`UPDATE public.users SET plano = 'premium', chave_pix = '12345678909' WHERE id = $1`, [id]),
      ),
    ).rejects.toMatchObject({
      code: '42501',
      message: 'Só é possível alterar nome, nome do mercado, telefone, chave PIX e cidade.',
    });
    expect((await pixOf(id)).chave_pix).toBeNull();
  });
});
