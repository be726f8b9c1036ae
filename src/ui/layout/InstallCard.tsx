// The install-app card above the bottom bar: 'Instalar App' or 'Agora não' (remembered).
import { Download, X } from 'lucide-react';
import { t } from '../../i18n/pt-BR.ts';
import { Button } from '../Button.tsx';
import { useInstallPrompt } from './install-prompt.ts';

export function InstallCard() {
  const prompt = useInstallPrompt();
  if (!prompt.visible) return null;
  return (
    <aside
      aria-labelledby="instalar-titulo"
      className="fixed inset-x-3 bottom-20 z-30 rounded-2xl bg-white p-4 shadow-lg ring-1 ring-ink/10 md:bottom-6 md:left-auto md:right-6 md:w-96"
    >
      <div className="flex items-start gap-3">
        <Download aria-hidden className="mt-0.5 shrink-0 text-brand-600" />
        <div className="flex-1">
          <h2 id="instalar-titulo" className="font-semibold">
            {t.install.title}
          </h2>
          <p className="text-sm text-ink/80">{t.install.text}</p>
        </div>
        <button type="button" onClick={prompt.reject} aria-label={t.install.later} className="-mr-2 -mt-2 flex h-11 w-11 items-center justify-center rounded-lg hover:bg-brand-50">
          <X aria-hidden size={18} />
        </button>
      </div>
      <div className="mt-3 flex gap-2">
        <Button className="flex-1" onClick={() => void prompt.install()}>
          {t.install.install}
        </Button>
        <Button variant="secondary" className="flex-1" onClick={prompt.reject}>
          {t.install.later}
        </Button>
      </div>
    </aside>
  );
}
