// The form's duplicate barcode check (docs/product.md §5): from 8 characters, a code that belongs to another product
// shows 'Produto já cadastrado' with an 'Editar' action to that product's edit screen.
import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { t } from '../../i18n/pt-BR.ts';
import { useLiveQuery } from '../../lib/live-query.ts';
import { showToast } from '../../ui/toast.ts';
import { BARCODE_LOOKUP_MIN } from './product-form.ts';

/** `paused` while the form is being saved (its own barcode then belongs to the product just created). */
export function useBarcodeCheck(code: string, editingId: string | undefined, paused: boolean): void {
  const trimmed = code.trim();
  const lookup = useLiveQuery('productByBarcode', { code: trimmed.length >= BARCODE_LOOKUP_MIN ? trimmed : '' });
  const navigate = useNavigate();
  const warned = useRef<string | null>(null);
  const owner = lookup.status === 'ok' ? lookup.data : null;
  useEffect(() => {
    if (!owner || owner.id === editingId || warned.current === `${owner.id}:${trimmed}`) return;
    warned.current = `${owner.id}:${trimmed}`;
    if (paused) return;
    showToast({
      title: t.products.duplicateTitle,
      description: t.products.duplicateText,
      action: {
        label: t.products.duplicateAction,
        onClick: () => {
          void navigate({ to: '/products/$id/edit', params: { id: owner.id } });
        },
      },
    });
  }, [owner, editingId, trimmed, navigate, paused]);
}
