// Plan rules the database enforces: the free plan's product cap, trial expiry (the push RPC hands refused
// rows back in `rejected`), profiles created at sign-up, owners unable to grant themselves a plan, one
// device at a time on the free plan, and the product-images storage policies per role.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../supabase/local/db/database.ts';
import { createTestDatabase } from '../support/database.ts';
import { asActor, createUser, errorCode, owner, type Actor } from './helpers.ts';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

const now = () => new Date().toISOString();
const productDoc = (userId: string, nome: string) => ({
  doc: {
    id: randomUUID(),
    user_id: userId,
    nome,
    preco: 2.5,
    unidade: 'un',
    created_at: now(),
    updated_at: now(),
    _deleted: false,
  },
  assumed_modified: null,
});

interface PushResult {
  conflicts: unknown[];
  rejected: { id: string; code: string; message: string }[];
}

async function push(actor: Actor, table: string, rows: unknown[]): Promise<PushResult> {
  return asActor(db, actor, async (tx) => {
    const { rows: result } = await tx.query<{ replicate_push: PushResult }>(`SELECT replicate_push($1, $2)`, [
      table,
      JSON.stringify(rows),
    ]);
    const value = result[0]?.replicate_push;
    if (!value) throw new Error('sem resposta');
    return value;
  });
}

const insertProducts = (tx: Queryable, count: number, prefix: string) =>
  tx.query(`INSERT INTO produtos (nome, preco) SELECT $2 || n, 1 FROM generate_series(1, $1::int) n`, [count, prefix]);

describe('sign-up profile', () => {
  it('comes from the metadata with a 30-day free trial', async () => {
    const id = await createUser(db, { nome: 'Ana Souza', nome_mercado: 'Mercadinho da Ana', telefone: '(11) 91234-5678' });
    const { rows } = await db.query<{
      nome: string;
      nome_mercado: string;
      telefone: string;
      plano: string;
      dias: string;
      email: string;
    }>(
      `SELECT nome, nome_mercado, telefone, plano, email, round(extract(epoch FROM trial_end_date - created_at) / 86400)::text AS dias
         FROM public.users WHERE id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({
      nome: 'Ana Souza',
      nome_mercado: 'Mercadinho da Ana',
      telefone: '11912345678',
      plano: 'free',
      dias: '30',
      email: `${id.slice(0, 8)}@teste.dev`,
    });
  });

  it('lets the owner change only nome, nome_mercado and telefone', async () => {
    const id = await createUser(db);
    await asActor(db, owner(id), (tx) =>
      tx.query(`UPDATE public.users SET nome_mercado = 'Empório', nome = 'Bia', telefone = '2133334444' WHERE id = $1`, [id]),
    );
    for (const change of [
      `plano = 'premium'`,
      `trial_end_date = now() + interval '1 year'`,
      `status_pagamento = 'inativo'`,
      `data_fim_plano = now()`,
    ]) {
      expect(
        await errorCode(asActor(db, owner(id), (tx) => tx.query(`UPDATE public.users SET ${change} WHERE id = $1`, [id]))),
        change,
      ).toBe('42501');
    }
    const { rows } = await db.query<{ nome_mercado: string; plano: string }>(
      `SELECT nome_mercado, plano FROM public.users WHERE id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({ nome_mercado: 'Empório', plano: 'free' });
  });
});

describe('free plan product cap', () => {
  it('refuses the 51st live product, counts deleted ones out, and lifts with premium', async () => {
    const id = await createUser(db);
    await asActor(db, owner(id), (tx) => insertProducts(tx, 50, 'Produto '));
    const refused = asActor(db, owner(id), (tx) => insertProducts(tx, 1, 'Excedente '));
    await expect(refused).rejects.toMatchObject({ code: '23514', message: 'Limite de 50 produtos do Plano Gratuito atingido' });

    const pushed = await push(owner(id), 'produtos', [productDoc(id, 'Pelo push')]);
    expect(pushed.rejected).toEqual([
      expect.objectContaining({ code: '23514', message: 'Limite de 50 produtos do Plano Gratuito atingido' }),
    ]);

    // A deleted product frees its slot; a deleted one may still be written.
    await asActor(db, owner(id), (tx) =>
      tx.query(`DELETE FROM produtos WHERE id = (SELECT id FROM produtos WHERE user_id = $1 LIMIT 1)`, [id]),
    );
    await asActor(db, owner(id), (tx) => insertProducts(tx, 1, 'Na vaga '));
    expect(await errorCode(asActor(db, owner(id), (tx) => insertProducts(tx, 1, 'De novo ')))).toBe('23514');
    await asActor(db, owner(id), (tx) => tx.query(`INSERT INTO produtos (nome, preco, _deleted) VALUES ('Apagado', 1, true)`));
    // Undeleting counts as adding.
    expect(
      await errorCode(
        asActor(db, owner(id), (tx) =>
          tx.query(`UPDATE produtos SET _deleted = false WHERE user_id = $1 AND nome = 'Apagado'`, [id]),
        ),
      ),
    ).toBe('23514');

    await db.query(`UPDATE public.users SET plano = 'premium', data_fim_plano = now() + interval '30 days' WHERE id = $1`, [id]);
    expect((await push(owner(id), 'produtos', [productDoc(id, 'Premium 1'), productDoc(id, 'Premium 2')])).rejected).toEqual([]);
  });

  it('reads the cap from system_settings.free_plan_limits', async () => {
    const id = await createUser(db);
    await db.query(`UPDATE system_settings SET value = jsonb_set(value, '{products}', '2') WHERE key = 'free_plan_limits'`);
    try {
      await asActor(db, owner(id), (tx) => insertProducts(tx, 2, 'P'));
      expect(await errorCode(asActor(db, owner(id), (tx) => insertProducts(tx, 1, 'Q')))).toBe('23514');
    } finally {
      await db.query(`UPDATE system_settings SET value = jsonb_set(value, '{products}', '50') WHERE key = 'free_plan_limits'`);
    }
  });
});

describe('trial expiry', () => {
  it('refuses every owner write once the free trial ended; push hands the rows back in `rejected`', async () => {
    const id = await createUser(db);
    const clienteId = randomUUID();
    await asActor(db, owner(id), (tx) => tx.query(`INSERT INTO clientes (id, nome) VALUES ($1, 'Antes')`, [clienteId]));
    await db.query(`UPDATE public.users SET trial_end_date = now() - interval '1 minute' WHERE id = $1`, [id]);

    await expect(asActor(db, owner(id), (tx) => tx.query(`INSERT INTO clientes (nome) VALUES ('Depois')`))).rejects.toMatchObject(
      {
        code: '42501',
        message: 'Período de teste expirado',
      },
    );
    expect(
      await errorCode(asActor(db, owner(id), (tx) => tx.query(`UPDATE clientes SET nome = 'X' WHERE id = $1`, [clienteId]))),
    ).toBe('42501');
    expect(await errorCode(asActor(db, owner(id), (tx) => tx.query(`DELETE FROM clientes WHERE id = $1`, [clienteId])))).toBe(
      '42501',
    );

    const doc = {
      id: randomUUID(),
      user_id: id,
      descricao: 'Aluguel',
      valor: 800,
      data: '2025-03-05',
      created_at: now(),
      updated_at: now(),
    };
    const result = await push(owner(id), 'despesas', [{ doc, assumed_modified: null }]);
    expect(result.rejected).toEqual([{ id: doc.id, code: '42501', message: 'Período de teste expirado' }]);
    const { rows } = await db.query(`SELECT 1 FROM despesas WHERE id = $1`, [doc.id]);
    expect(rows).toEqual([]);
    // Reading stays possible.
    const read = await asActor(db, owner(id), (tx) => tx.query(`SELECT nome FROM clientes WHERE id = $1`, [clienteId]));
    expect(read.rows).toEqual([{ nome: 'Antes' }]);

    await db.query(`UPDATE public.users SET plano = 'premium', data_fim_plano = NULL WHERE id = $1`, [id]);
    expect((await push(owner(id), 'despesas', [{ doc, assumed_modified: null }])).rejected).toEqual([]);
  });

  it('treats a premium plan past its end date as an expired free plan', async () => {
    const id = await createUser(db);
    await db.query(
      `UPDATE public.users SET plano = 'premium', data_fim_plano = now() - interval '1 day', trial_end_date = now() - interval '60 days' WHERE id = $1`,
      [id],
    );
    expect(await errorCode(asActor(db, owner(id), (tx) => tx.query(`INSERT INTO fornecedores (nome) VALUES ('Atacadão')`)))).toBe(
      '42501',
    );
  });
});

describe('one device at a time on the free plan', () => {
  const register = (actor: Actor) =>
    asActor(
      db,
      actor,
      async (tx) =>
        (await tx.query<{ r: { ended_sessions: number } }>(`SELECT register_user_session(NULL, 'Android') AS r`)).rows[0]?.r,
    );
  const check = (actor: Actor) =>
    asActor(db, actor, async (tx) => (await tx.query<{ ok: boolean }>(`SELECT check_user_session() AS ok`)).rows[0]?.ok);

  it('ends the older device when a newer one registers, and refuses the older one’s writes', async () => {
    const id = await createUser(db);
    const phone = owner(id, 'sessao-celular');
    const tablet = owner(id, 'sessao-tablet');
    // The device createUser signed in is the first one ended.
    expect(await register(phone)).toMatchObject({ ended_sessions: 1 });
    expect(await register(tablet)).toMatchObject({ ended_sessions: 1 });
    expect(await check(phone)).toBe(false);
    expect(await check(tablet)).toBe(true);
    await expect(asActor(db, phone, (tx) => tx.query(`INSERT INTO clientes (nome) VALUES ('Do celular')`))).rejects.toMatchObject(
      { code: '42501' },
    );
    await asActor(db, tablet, (tx) => tx.query(`INSERT INTO clientes (nome) VALUES ('Do tablet')`));
    // Sign-out ends the session; another user cannot end it.
    const other = await createUser(db);
    expect(
      await errorCode(
        asActor(db, owner(other), (tx) => tx.query(`SELECT deactivate_specific_user_session($1, 'sessao-tablet')`, [id])),
      ),
    ).toBe('42501');
    await asActor(db, tablet, (tx) => tx.query(`SELECT deactivate_specific_user_session($1, 'sessao-tablet')`, [id]));
    expect(await check(tablet)).toBe(false);
  });

  it('keeps several devices active on premium', async () => {
    const id = await createUser(db);
    await db.query(`UPDATE public.users SET plano = 'premium' WHERE id = $1`, [id]);
    await register(owner(id, 'a'));
    expect(await register(owner(id, 'b'))).toMatchObject({ ended_sessions: 0 });
    expect(await check(owner(id, 'a'))).toBe(true);
  });
});

describe('storage policies of product-images', () => {
  const upload = (actor: Actor, name: string) =>
    asActor(db, actor, (tx) =>
      tx.query(`INSERT INTO storage.objects (bucket_id, name, owner) VALUES ('product-images', $1, auth.uid())`, [name]),
    );

  it('has a public bucket', async () => {
    const { rows } = await db.query(`SELECT public, file_size_limit FROM storage.buckets WHERE id = 'product-images'`);
    expect(rows).toEqual([{ public: true, file_size_limit: '5242880' }]);
  });

  it('lets owners write and list only under their own folder', async () => {
    const [a, b] = [await createUser(db), await createUser(db)];
    await upload(owner(a), `${a}/produtos/1.jpg`);
    expect(await errorCode(upload(owner(b), `${a}/produtos/2.jpg`))).toBe('42501');
    expect(await errorCode(upload(owner(b), `produtos/${b}.jpg`))).toBe('42501');
    expect(await errorCode(upload({ role: 'anon' }, `${a}/x.jpg`))).toBe('42501');

    const moved = await asActor(db, owner(b), (tx) =>
      tx.query(`UPDATE storage.objects SET name = $2 WHERE name = $1`, [`${a}/produtos/1.jpg`, `${b}/roubado.jpg`]),
    );
    expect(moved.rowCount).toBe(0);
    expect(
      await errorCode(
        asActor(db, owner(a), (tx) =>
          tx.query(`UPDATE storage.objects SET name = $2 WHERE name = $1`, [`${a}/produtos/1.jpg`, `${b}/dado.jpg`]),
        ),
      ),
    ).toBe('42501');
    const removedByB = await asActor(db, owner(b), (tx) =>
      tx.query(`DELETE FROM storage.objects WHERE name = $1`, [`${a}/produtos/1.jpg`]),
    );
    expect(removedByB.rowCount).toBe(0);

    // The rows are the owner's alone (photos are served by public URL without them): nobody lists another's.
    for (const reader of [{ role: 'anon' } as Actor, owner(b)]) {
      const { rows } = await asActor(db, reader, (tx) =>
        tx.query(`SELECT name FROM storage.objects WHERE bucket_id = 'product-images'`),
      );
      expect(rows).toEqual([]);
    }
    const { rows: own } = await asActor(db, owner(a), (tx) =>
      tx.query(`SELECT name FROM storage.objects WHERE bucket_id = 'product-images'`),
    );
    expect(own).toEqual([{ name: `${a}/produtos/1.jpg` }]);
    const removedByA = await asActor(db, owner(a), (tx) =>
      tx.query(`DELETE FROM storage.objects WHERE name = $1`, [`${a}/produtos/1.jpg`]),
    );
    expect(removedByA.rowCount).toBe(1);
  });
});
