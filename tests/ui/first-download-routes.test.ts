// Which screens wait for the first download, and how its progress reads.
import { describe, expect, it } from 'vitest';
import { downloadPercent, gateView, waitsForFirstDownload } from '../../src/features/sync/first-download-routes.ts';

describe('first download screens', () => {
  it('history screens wait; selling, new records and the account do not', () => {
    for (const path of [
      '/dashboard',
      '/clients',
      '/clients/abc',
      '/products',
      '/reports',
      '/sales/history',
      '/expenses',
      '/caixa',
    ])
      expect(waitsForFirstDownload(path), path).toBe(true);
    for (const path of ['/sales', '/sales/', '/sales/weighted', '/products/new', '/clients/new', '/account', '/aparelhos'])
      expect(waitsForFirstDownload(path), path).toBe(false);
  });

  it('once ready to sell, the product and client lists and the search work; history still waits', () => {
    for (const path of ['/products', '/clients/', '/search', '/sales', '/account'])
      expect(waitsForFirstDownload(path, true), path).toBe(false);
    for (const path of ['/dashboard', '/clients/abc', '/products/abc', '/reports', '/sales/history', '/expenses', '/caixa'])
      expect(waitsForFirstDownload(path, true), path).toBe(true);
  });

  it('progress is the share of collections that reached the server, never past 100', () => {
    expect(downloadPercent({ collections: 12, caughtUp: 0 })).toBe(0);
    expect(downloadPercent({ collections: 12, caughtUp: 6 })).toBe(50);
    expect(downloadPercent({ collections: 12, caughtUp: 12 })).toBe(100);
    expect(downloadPercent({ collections: 0, caughtUp: 0 })).toBe(0);
  });
});

describe('the gate in front of a history screen', () => {
  const ready = { readyToSell: true };
  const notReady = { readyToSell: false };
  it('a first download: skeletons until the worker answers, then the gate until it ends', () => {
    expect(gateView('/sales/history', false, undefined, false)).toEqual({ kind: 'skeleton' });
    expect(gateView('/sales/history', true, notReady, false)).toEqual({ kind: 'gate' });
    expect(gateView('/sales/history', true, ready, false)).toEqual({ kind: 'gate' });
    expect(gateView('/sales/history', true, null, false)).toEqual({ kind: 'screen', banner: false });
    // Selling is never gated; the line says the download goes on until the device is ready to sell.
    expect(gateView('/sales', true, notReady, false)).toEqual({ kind: 'screen', banner: true });
    expect(gateView('/sales', true, ready, false)).toEqual({ kind: 'screen', banner: false });
  });
  it('a warm start keeps the screen open while a later download runs with the device ready to sell', () => {
    expect(gateView('/sales/history', false, undefined, true)).toEqual({ kind: 'screen', banner: false });
    expect(gateView('/sales/history', true, ready, true)).toEqual({ kind: 'screen', banner: true });
    expect(gateView('/sales/history', true, null, true)).toEqual({ kind: 'screen', banner: false });
    // The device's data is gone (not ready to sell): it waits as a first download does.
    expect(gateView('/sales/history', true, notReady, true)).toEqual({ kind: 'gate' });
  });
});
