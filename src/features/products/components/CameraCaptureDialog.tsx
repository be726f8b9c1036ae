// 'Tirar foto': a dialog with the live rear camera ('Aguardando câmera...' until it shows), 'Capturar' takes the
// frame as a JPEG file and 'Cancelar' closes; a refused camera says 'Não foi possível acessar a câmera.'.
import { useEffect, useRef, useState } from 'react';
import { Dialog } from 'radix-ui';
import { Camera } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { Button, buttonClass } from '../../../ui/Button.tsx';

const copy = t.productImage;

export interface CameraCaptureDialogProps {
  disabled?: boolean;
  onCapture: (file: File | null) => void;
}

export function CameraCaptureDialog({ disabled, onCapture }: CameraCaptureDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={buttonClass('secondary', 'px-3')} disabled={disabled}>
        <Camera aria-hidden size={18} />
        {copy.takePhoto}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-xl font-bold text-brand-900">{copy.cameraDialogTitle}</Dialog.Title>
          <Dialog.Description className="mt-2 text-ink/80">{copy.cameraDialogText}</Dialog.Description>
          {open ? (
            <LiveCamera
              onCancel={() => {
                setOpen(false);
              }}
              onCapture={(file) => {
                setOpen(false);
                onCapture(file);
              }}
            />
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function LiveCamera({ onCapture, onCancel }: { onCapture: (file: File | null) => void; onCancel: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'waiting' | 'ready' | 'denied'>('waiting');

  useEffect(() => {
    let stream: MediaStream | undefined;
    let stopped = false;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
      .then((opened) => {
        stream = opened;
        if (stopped) return;
        if (video.current) video.current.srcObject = opened;
      })
      .catch(() => {
        if (!stopped) setState('denied');
      });
    return () => {
      stopped = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  const capture = () => {
    const element = video.current;
    if (!element || element.videoWidth === 0) {
      onCapture(null);
      return;
    }
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    const context = canvas.getContext('2d');
    if (!context) {
      onCapture(null);
      return;
    }
    context.drawImage(element, 0, 0);
    canvas.toBlob(
      (blob) => {
        onCapture(blob ? new File([blob], `foto_${Date.now()}.jpg`, { type: 'image/jpeg' }) : null);
      },
      'image/jpeg',
      0.92,
    );
  };

  return (
    <div className="mt-4 flex flex-col gap-4">
      <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-ink/90">
        <video
          ref={video}
          autoPlay
          playsInline
          muted
          className="h-full w-full object-cover"
          onLoadedData={() => {
            setState('ready');
          }}
        />
        {state !== 'ready' ? (
          <p role="status" className="absolute inset-0 flex items-center justify-center p-4 text-center font-medium text-white">
            {state === 'denied' ? copy.cameraDenied : copy.cameraWaiting}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant="secondary" className="sm:flex-1" onClick={onCancel}>
          {copy.cancel}
        </Button>
        <Button className="sm:flex-1" disabled={state !== 'ready'} onClick={capture}>
          {copy.capture}
        </Button>
      </div>
    </div>
  );
}
