// The form's lookup in the public product database (docs/product.md §4 barcode lookup status: idle, loading, success,
// info, error), asked of the data worker; a found product is handed to the form to prefill. A code that already
// belongs to one of the owner's products is not looked up: the duplicate check says so, and nothing is prefilled.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FoundProduct } from '../../../workers/api.ts';
import { t } from '../../i18n/pt-BR.ts';
import { useDataClient } from '../../lib/use-data-client.ts';
import { showToast } from '../../ui/toast.ts';
import { BARCODE_LOOKUP_MIN } from './product-form.ts';

export type LookupStatus = 'idle' | 'loading' | 'success' | 'info' | 'error';

export interface BarcodeLookup {
  status: LookupStatus;
  /** The sentence for the status (empty when idle). */
  message: string;
  lookup: (code: string) => void;
}

export function useBarcodeLookup(onFound: (code: string, product: FoundProduct) => void): BarcodeLookup {
  const data = useDataClient();
  const [state, setState] = useState<{ status: LookupStatus; message: string }>({ status: 'idle', message: '' });
  const latestRun = useRef(0);
  const found = useRef(onFound);
  useEffect(() => {
    found.current = onFound;
  });

  const lookup = useCallback(
    (raw: string) => {
      const code = raw.trim();
      if (code.length < BARCODE_LOOKUP_MIN) return;
      latestRun.current += 1;
      const run = latestRun.current;
      setState({ status: 'loading', message: t.barcode.looking });
      data.products
        .findByBarcode(code)
        .catch(() => null)
        .then((product) => (product ? null : data.barcode.lookup(code)))
        .then(
          (result) => {
            if (run !== latestRun.current) return;
            if (result === null) {
              setState({ status: 'idle', message: '' });
              return;
            }
            if (result.status === 'found') {
              const message = t.barcode.found(result.product.name);
              setState({ status: 'success', message });
              showToast({ title: message, kind: 'success' });
              found.current(code, result.product);
            } else if (result.status === 'not_found') {
              setState({ status: 'info', message: t.barcode.notFound });
            } else {
              setState({ status: 'error', message: t.barcode.lookupError });
            }
          },
          () => {
            if (run === latestRun.current) setState({ status: 'error', message: t.barcode.lookupError });
          },
        );
    },
    [data],
  );
  return { ...state, lookup };
}
