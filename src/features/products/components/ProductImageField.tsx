// 'Imagem do Produto' (docs/product.md §2): a 128 px preview, 'Tirar foto', 'Selecionar imagem' and 'Remover imagem'. The
// file is checked here and in the worker, processed and kept there; shown from the device until it is uploaded.
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { ImageIcon, Trash2, Upload } from 'lucide-react';
import type { ImageOutcome } from '../../../../workers/api.ts';
import { checkImageFile, IMAGE_ACCEPT } from '../../../../workers/images/schema.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { Button } from '../../../ui/Button.tsx';
import { showToast } from '../../../ui/toast.ts';
import { imageProblemOf, imageProblemToast } from '../image-problem.ts';
import { useProductImage } from '../use-product-image.ts';
import { CameraCaptureDialog } from './CameraCaptureDialog.tsx';

const copy = t.productImage;
/** The image chosen in the new-product form waits in the worker under this key until the product exists. */
const STAGED = 'novo';

export interface ProductImageFieldProps {
  /** The product whose image this is; absent in the new-product form (the image is attached on save). */
  productId?: string;
  remoteUrl?: string | null;
}

export function ProductImageField({ productId, remoteUrl }: ProductImageFieldProps) {
  const labelId = useId();
  const input = useRef<HTMLInputElement>(null);
  const offline = useLiveQuery('connectivity', undefined).data?.online === false;
  const src = useProductImage(productId ?? STAGED, productId ? remoteUrl : null);
  const [fromCamera, setFromCamera] = useState(false);
  /** The file being processed: the refusal names a PDF as such. */
  const lastFile = useRef({ name: '', type: '' });

  const choose = useCommand(
    async (data, file: File): Promise<ImageOutcome> => {
      if (productId) return data.images.set(productId, file, file.name);
      await data.images.stage(file, file.name);
      return offline ? 'saved_offline' : 'uploaded';
    },
    {
      success: (outcome) => ({
        title: copy.loadedTitle,
        description: outcome === 'uploaded' ? copy.loadedText : copy.savedOffline,
      }),
      describeFailure: (thrown) => {
        const problem = imageProblemOf(thrown);
        if (problem && fromCamera) return { title: copy.photoFailedTitle, description: copy.photoInvalid };
        if (problem) return imageProblemToast(problem, lastFile.current);
        return fromCamera
          ? { title: copy.photoFailedTitle, description: copy.photoFailedText }
          : { title: copy.processFailedTitle, description: copy.processFailedText };
      },
    },
  );
  const remove = useCommand((data) => (productId ? data.images.remove(productId) : data.images.discardStaged()), {
    success: () => ({ title: copy.removed }),
  });

  const send = (file: File, camera: boolean) => {
    setFromCamera(camera);
    lastFile.current = { name: file.name, type: file.type };
    const problem = checkImageFile(file);
    if (problem) {
      showToast({
        kind: 'destructive',
        ...(camera ? { title: copy.photoFailedTitle, description: copy.photoInvalid } : imageProblemToast(problem, file)),
      });
      return;
    }
    showToast({ title: copy.processing });
    void choose.run(file);
  };
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) send(file, false);
  };
  const busy = choose.pending || remove.pending;

  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="flex flex-col gap-2">
        <p id={labelId} className="text-sm font-medium text-ink">
          {copy.label}
        </p>
        <div className="relative h-32 w-32 shrink-0 overflow-hidden rounded-xl border border-ink/15 bg-ink/5">
          {src ? <Preview key={src} src={src} /> : <Placeholder />}
          {choose.pending ? (
            <p
              role="status"
              className="absolute inset-0 flex items-center justify-center bg-white/80 p-2 text-center text-sm font-medium text-ink"
            >
              {copy.loading}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:pt-7">
        {offline ? (
          <p className="rounded-xl bg-amber-100 px-3 py-2 text-sm font-medium text-amber-900">{copy.offlineBanner}</p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <CameraCaptureDialog
            disabled={busy}
            onCapture={(file) => {
              if (file) send(file, true);
              else showToast({ kind: 'destructive', title: copy.cameraErrorTitle, description: copy.cameraErrorText });
            }}
          />
          <Button variant="secondary" className="px-3" disabled={busy} onClick={() => input.current?.click()}>
            <Upload aria-hidden size={18} />
            {copy.selectImage}
          </Button>
          {src ? (
            <Button variant="secondary" className="px-3 text-red-700" disabled={busy} onClick={() => void remove.run()}>
              <Trash2 aria-hidden size={18} />
              {copy.removeImage}
            </Button>
          ) : null}
        </div>
        <input
          ref={input}
          type="file"
          accept={IMAGE_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label={copy.selectImage}
          onChange={picked}
        />
      </div>
    </div>
  );
}

function Placeholder() {
  return (
    <div className="flex h-full w-full flex-col items-center justify-center gap-1 text-ink/40">
      <ImageIcon aria-hidden size={40} />
      <span className="text-xs">{copy.noImage}</span>
    </div>
  );
}

function Preview({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <p className="flex h-full w-full items-center justify-center p-2 text-center text-sm text-ink/60">{copy.unavailable}</p>
    );
  }
  return (
    <img
      src={src}
      crossOrigin="anonymous"
      alt={copy.label}
      className="h-full w-full object-cover"
      onError={() => {
        setFailed(true);
      }}
    />
  );
}
