// Which screens wait for the first download, and how its progress reads.
import { describe, expect, it } from 'vitest';
import { downloadPercent, waitsForFirstDownload } from '../../src/features/sync/first-download-routes.ts';
import { pendingChangesOf } from '../../src/features/sync/use-sync-status.ts';
import { INITIAL_STATUS } from '../../workers/sync/status.ts';

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

describe('what a screen knows of a download', () => {
  it('the status of a workspace still opening says nothing: only the owner’s sync engine tells', () => {
    // Taken for 'no download', it marked a first download as seen while it was still running.
    expect(pendingChangesOf(INITIAL_STATUS)).toMatchObject({ known: false, download: null });
    expect(pendingChangesOf(undefined).known).toBe(false);
    const progress = { readyToSell: false, collections: 14, caughtUp: 3, received: 120 };
    expect(pendingChangesOf({ ...INITIAL_STATUS, owner: 'dona', download: progress })).toMatchObject({
      known: true,
      download: progress,
    });
    expect(pendingChangesOf({ ...INITIAL_STATUS, owner: 'dona' })).toMatchObject({ known: true, download: null });
  });
});
