// The account domain's updatePixKey against the GoTrue-shaped fake: the key normalised and stored with the city,
// cleared, refused on the device (offline too) with its field and code, and read back from the offline cache.
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createAccountDomain, type AccountDomain } from '../../workers/account/domain.ts';
import { createMemoryStore, type KeyValueStore } from '../../workers/account/kv-store.ts';
import { checkInput } from '../../workers/contract/input.ts';
import { DataError } from '../../workers/contract/errors.ts';
import { normalisePixKey, pixKeySchema } from '../../workers/account/schema.ts';
import type { AccountState } from '../../workers/account/types.ts';
import { createManualConnectivity } from '../../workers/system/connectivity.ts';
import { FakeBackend } from './support/fake-backend.ts';

const opened: AccountDomain[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((domain) => domain.dispose()));
});

function open(backend: FakeBackend, options: { storage?: KeyValueStore; online?: boolean } = {}) {
  const connectivity = createManualConnectivity(options.online ?? true);
  const storage = options.storage ?? createMemoryStore();
  const domain = createAccountDomain({
    backend: { url: 'http://127.0.0.1:54321', anonKey: 'anon' },
    storage,
    connectivity,
    siteOrigin: 'http://app.test',
    fetch: backend.fetch,
    realtimeTransport: WebSocket,
    deviceInfo: 'teste',
    profileRetry: { sleep: () => Promise.resolve() },
  });
  opened.push(domain);
  return { domain, storage, connectivity };
}

function signedIn(state: AccountState) {
  if (state.status !== 'signed_in') throw new Error(`expected signed_in, got ${state.status}`);
  return state;
}

describe('PIX key input', () => {
  it('normalises CPF, CNPJ, phone, e-mail and random keys as PIX keeps them', () => {
    expect(normalisePixKey(' 123.456.789-09 ')).toBe('12345678909');
    for (const key of ['12345678909', '98765432100', '12345678000195', '11222333000181']) {
      expect(checkInput(pixKeySchema, { chavePix: key, cidade: 'Recife' }).ok, key).toBe(true);
    }
    expect(normalisePixKey('12.345.678/0001-95')).toBe('12345678000195');
    expect(normalisePixKey('+55 (11) 98888-7777')).toBe('+5511988887777');
    expect(normalisePixKey('Dona.Ana@Mercado.com.BR')).toBe('dona.ana@mercado.com.br');
    expect(normalisePixKey('123E4567-E12B-12D1-A456-426655440000')).toBe('123e4567-e12b-12d1-a456-426655440000');
  });

  it('refuses junk with invalid_format, too long with too_long, and a key without a city', () => {
    for (const junk of [
      '1234567890',
      '(11) 98888-7777',
      // 11 or 14 digits whose check digits fail: a phone typed without +55, repeated digits, a mistyped CNPJ.
      '11988887777',
      '111.111.111-11',
      '12.345.678/0001-90',
      'sem-arroba.com',
      'a@b',
      'qualquer coisa',
    ]) {
      expect(checkInput(pixKeySchema, { chavePix: junk, cidade: 'Recife' }), junk).toEqual({
        ok: false,
        issues: [{ field: 'chavePix', code: 'invalid_format' }],
      });
    }
    expect(checkInput(pixKeySchema, { chavePix: `${'a'.repeat(70)}@mercado.com`, cidade: 'Recife' })).toEqual({
      ok: false,
      issues: [{ field: 'chavePix', code: 'too_long', limit: 77 }],
    });
    expect(checkInput(pixKeySchema, { chavePix: '12345678909', cidade: '  ' })).toEqual({
      ok: false,
      issues: [{ field: 'cidade', code: 'required' }],
    });
    expect(checkInput(pixKeySchema, { chavePix: ' ', cidade: '' })).toEqual({
      ok: true,
      value: { chavePix: null, cidade: null },
    });
  });
});

describe('updatePixKey', () => {
  it('stores the normalised key and city, reads them offline from the cache, and clears the key', async () => {
    const backend = new FakeBackend();
    backend.addUser('pix@example.com', 'Senha@123');
    const first = open(backend);
    await first.domain.handlers.signIn({ email: 'pix@example.com', password: 'Senha@123' });
    const state = signedIn(await first.domain.handlers.updatePixKey({ chavePix: '123.456.789-09', cidade: ' Olinda ' }));
    expect(state.profile).toMatchObject({ chave_pix: '12345678909', cidade: 'Olinda' });
    expect(backend.requests.filter((request) => request.method === 'PATCH').at(-1)).toMatchObject({
      path: '/rest/v1/users',
      body: { chave_pix: '12345678909', cidade: 'Olinda' },
    });
    await first.domain.dispose();

    backend.offline = true;
    const again = open(backend, { storage: first.storage, online: false });
    const offline = signedIn(await again.domain.handlers.current());
    expect(offline.offline).toBe(true);
    expect(offline.profile).toMatchObject({ chave_pix: '12345678909', cidade: 'Olinda' });
    await again.domain.dispose();

    backend.offline = false;
    const online = open(backend, { storage: first.storage });
    await online.domain.handlers.current();
    const cleared = signedIn(await online.domain.handlers.updatePixKey({ chavePix: '', cidade: 'Olinda' }));
    expect(cleared.profile).toMatchObject({ chave_pix: null, cidade: 'Olinda' });
  });

  it('refuses invalid input on the device, offline too, before any request; offline a valid key is refused as offline', async () => {
    const backend = new FakeBackend();
    backend.addUser('pix2@example.com', 'Senha@123');
    const { domain, connectivity } = open(backend);
    await domain.handlers.signIn({ email: 'pix2@example.com', password: 'Senha@123' });
    connectivity.set(false);
    const before = backend.requests.length;
    const invalid = await domain.handlers.updatePixKey({ chavePix: 'abc', cidade: 'Recife' }).catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(DataError);
    expect((invalid as DataError).code).toBe('invalid_input');
    expect((invalid as DataError).issues).toEqual([{ field: 'chavePix', code: 'invalid_format' }]);
    const offline = await domain.handlers
      .updatePixKey({ chavePix: '12345678909', cidade: 'Recife' })
      .catch((error: unknown) => error);
    expect((offline as DataError).code).toBe('offline');
    expect(backend.requests.length).toBe(before);
  });
});
