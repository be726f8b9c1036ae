// The worker's view of the network: offline as soon as either the worker or the page says so.
import { describe, expect, it } from 'vitest';
import { createCombinedConnectivity, createManualConnectivity, type ConnectivityState } from '../../workers/system/connectivity.ts';

describe('combined connectivity', () => {
  it('is offline while any source is offline and online again once all are', () => {
    const worker = createManualConnectivity(true);
    const page = createManualConnectivity(true);
    const combined = createCombinedConnectivity([worker, page]);
    const seen: boolean[] = [];
    const subscription = combined.changes.subscribe((state: ConnectivityState) => seen.push(state.online));

    page.set(false);
    expect(combined.current().online).toBe(false);
    worker.set(false);
    page.set(true);
    expect(combined.current().online).toBe(false);
    worker.set(true);
    expect(combined.current().online).toBe(true);

    subscription.unsubscribe();
    expect(seen).toEqual([true, false, true]);
  });
});
