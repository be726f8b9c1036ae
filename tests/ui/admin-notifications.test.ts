// The admin notifications page's rules without a browser: the types offered (sendable vs the server's own, each in
// Portuguese and known to the worker's schema), the owner as shown on a row, and the send form's required fields.
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES, SENDABLE_NOTIFICATION_TYPES } from '../../workers/admin/notifications-schema.ts';
import { t } from '../../src/i18n/admin-catalogue.ts';
import {
  EMPTY_SEND_FORM,
  isSendableType,
  ownerLabel,
  reachLabel,
  SENDABLE_TYPES,
  SYSTEM_TYPES,
  toSendInput,
  typeLabel,
} from '../../src/features/admin/notification-rules.ts';

describe('admin notification types', () => {
  it('the page offers exactly the worker schema types: five to send, six of the server', () => {
    expect([...SENDABLE_TYPES]).toEqual([...SENDABLE_NOTIFICATION_TYPES]);
    expect([...SENDABLE_TYPES, ...SYSTEM_TYPES]).toEqual([...NOTIFICATION_TYPES]);
    expect(Object.keys(t.adminNotifications.types)).toEqual([...NOTIFICATION_TYPES]);
    expect(isSendableType('estoque_baixo')).toBe(false);
    expect(isSendableType('promocao')).toBe(true);
  });

  it('labels in Portuguese, an unknown type as written', () => {
    expect(typeLabel('manutencao')).toBe('Manutenção');
    expect(typeLabel('plano_prestes_vencer')).toBe('Plano prestes a vencer');
    expect(typeLabel('outra_coisa')).toBe('outra_coisa');
  });
});

describe('admin notification rows', () => {
  it('owner as name - market, with the fallbacks', () => {
    expect(ownerLabel({ userName: 'Rita', userMarket: 'Mercearia da Rita', reach: null })).toBe('Rita - Mercearia da Rita');
    expect(ownerLabel({ userName: 'Rita', userMarket: null, reach: null })).toBe('Rita - Sem nome do mercado');
    expect(ownerLabel({ userName: null, userMarket: null, reach: null })).toBe('Usuário não encontrado');
  });

  it('a send to all: to all users, with its reach', () => {
    const toAll = { userName: null, userMarket: null, reach: { recipients: 1054, read: 12 } };
    expect(ownerLabel(toAll)).toBe('Todos os usuários');
    expect(reachLabel(toAll)).toBe('1.054 usuários · 12 leram');
    expect(reachLabel({ reach: { recipients: 1, read: 1 } })).toBe('1 usuário · 1 leu');
    expect(reachLabel({ reach: null })).toBeNull();
  });
});

describe('admin send form', () => {
  it('type and message are required; blank user means all, blank reference none', () => {
    expect(toSendInput(EMPTY_SEND_FORM)).toEqual({ ok: false, missing: ['tipo', 'mensagem'] });
    expect(toSendInput({ ...EMPTY_SEND_FORM, tipo: 'aviso', mensagem: '   ' })).toEqual({ ok: false, missing: ['mensagem'] });
    expect(toSendInput({ ...EMPTY_SEND_FORM, tipo: 'fiado_vencido', mensagem: 'Oi' })).toEqual({ ok: false, missing: ['tipo'] });
    expect(toSendInput({ ...EMPTY_SEND_FORM, tipo: 'aviso', mensagem: ' Olá ', referenciaId: '  ' })).toEqual({
      ok: true,
      input: { tipo: 'aviso', userId: null, mensagem: 'Olá', referenciaId: null },
    });
    expect(toSendInput({ tipo: 'novidade', userId: 'u1', mensagem: 'Nova função', referenciaId: ' v2 ' })).toEqual({
      ok: true,
      input: { tipo: 'novidade', userId: 'u1', mensagem: 'Nova função', referenciaId: 'v2' },
    });
  });
});
