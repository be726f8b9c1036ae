// The product's picture in the list: the device's copy while it waits for upload, else the remote image; a
// placeholder icon when there is none or it cannot be loaded (offline, before the browser cached it).
import { useState } from 'react';
import { ImageIcon } from 'lucide-react';
import type { ProductView } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { useProductImage } from '../use-product-image.ts';

export function ProductThumbnail({ product }: { product: Pick<ProductView, 'id' | 'nome' | 'imagem_url'> }) {
  const src = useProductImage(product.id, product.imagem_url);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <div className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-ink/5 text-ink/30">
      {src && failed !== src ? (
        <img
          src={src}
          crossOrigin="anonymous"
          alt={t.productImage.thumbnailAlt(product.nome)}
          loading="lazy"
          className="h-full w-full object-cover"
          onError={() => {
            setFailed(src);
          }}
        />
      ) : (
        <ImageIcon aria-hidden size={22} />
      )}
    </div>
  );
}
