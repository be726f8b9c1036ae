// The shell's small rules: initials, fallbacks, the '9+' badge, 'Mais' highlighting, the sidebar cookie and shortcut.
import { describe, expect, it } from 'vitest';
import { initialsOf, marketNameOf, planLabelOf } from '../../src/features/account/identity.ts';
import { badgeText } from '../../src/features/notifications/badge.ts';
import { isActive } from '../../src/ui/layout/nav-items.ts';
import { isToggleShortcut, readSidebarCookie, sidebarCookie } from '../../src/ui/layout/sidebar-state.ts';
import { derivePlan } from '../../workers/account/plan.ts';

describe('header identity', () => {
  it('initials: first letters, at most two, fallback U', () => {
    expect(initialsOf('maria das graças souza')).toBe('MS');
    expect(initialsOf('  João ')).toBe('J');
    expect(initialsOf('')).toBe('U');
    expect(initialsOf(null)).toBe('U');
    expect(initialsOf('élida órfã')).toBe('ÉÓ');
  });
  it('market name falls back to CadernetaPro', () => {
    expect(marketNameOf(null)).toBe('CadernetaPro');
    expect(marketNameOf('  ')).toBe('CadernetaPro');
    expect(marketNameOf('Mercado Bom')).toBe('Mercado Bom');
  });
  it('plan labels', () => {
    expect(planLabelOf(derivePlan(null))).toBe('Plano Gratuito');
    expect(
      planLabelOf(
        derivePlan({
          id: 'u',
          nome: null,
          email: null,
          telefone: null,
          nome_mercado: null,
          plano: 'premium',
          trial_end_date: null,
          data_inicio_plano: null,
          data_fim_plano: null,
          status_pagamento: 'ativo',
          chave_pix: null,
          cidade: null,
        }),
      ),
    ).toBe('Plano Premium');
  });
  it('badge shows 9+ above 9 and nothing at 0', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
  });
});

describe('navigation', () => {
  it("'Mais' is highlighted on /reports, /expenses and /fornecedores", () => {
    for (const path of ['/more', '/reports', '/expenses', '/fornecedores']) expect(isActive('/more', path)).toBe(true);
    expect(isActive('/more', '/products')).toBe(false);
    expect(isActive('/products', '/products/123/edit')).toBe(true);
    expect(isActive('/sales', '/salesman')).toBe(false);
  });
});

describe('sidebar state', () => {
  it('is open unless the cookie says false, and the cookie lasts 7 days', () => {
    expect(readSidebarCookie('')).toBe(true);
    expect(readSidebarCookie('a=1; sidebar_state=false')).toBe(false);
    expect(sidebarCookie(true)).toContain('max-age=604800');
  });
  it('toggles with Ctrl+B or Cmd+B only', () => {
    const key = { key: 'b', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false };
    expect(isToggleShortcut({ ...key, ctrlKey: true })).toBe(true);
    expect(isToggleShortcut({ ...key, metaKey: true })).toBe(true);
    expect(isToggleShortcut(key)).toBe(false);
    expect(isToggleShortcut({ ...key, ctrlKey: true, shiftKey: true })).toBe(false);
  });
});

describe('offline banner wording', () => {
  it('the dashboard and the sales screens have their own', async () => {
    const { offlineMessageFor } = await import('../../src/features/shell/offline-message.ts');
    expect(offlineMessageFor('/dashboard')).toContain('painel');
    expect(offlineMessageFor('/sales/edit/1')).toBe('Offline. Ao conectar-se, as informações de vendas serão salvas na nuvem.');
    expect(offlineMessageFor('/products')).toBe('Offline. Ao conectar-se, as informações serão salvas na nuvem.');
  });
});

describe('header search', () => {
  it('navigates only with the toggle open and a non-blank text', async () => {
    const { searchQuery } = await import('../../src/ui/layout/HeaderSearch.tsx');
    expect(searchQuery(true, '  arroz ')).toBe('arroz');
    expect(searchQuery(true, '   ')).toBeNull();
    expect(searchQuery(false, 'arroz')).toBeNull();
  });
});
