// The admin's second-factor check before the admin screens ('Exigir autenticação de dois fatores (2FA)'): `adminSecondFactorText`.
import { sharedErrorText } from './shared-errors.pt-BR.ts';

export const adminSecondFactorText = {
  title: 'Verificação em duas etapas',
  checking: 'Verificando a segurança da sessão...',
  enrolText:
    'A administração exige autenticação de dois fatores (2FA). Leia o QR code com um aplicativo autenticador (como Google Authenticator ou Authy) ou digite a chave nele, e informe o código de 6 dígitos que ele mostrar.',
  verifyText: 'Informe o código de 6 dígitos do seu aplicativo autenticador para acessar a administração.',
  qrLabel: 'QR code para o aplicativo autenticador',
  keyLabel: 'Chave para digitar no aplicativo',
  startEnrol: 'Configurar aplicativo autenticador',
  codeLabel: 'Código de 6 dígitos',
  verify: 'Verificar código',
  verifying: 'Verificando...',
  failed: 'Não foi possível verificar',
  invalidCode: sharedErrorText.secondFactor.invalidCode,
  loadFailed: 'Não foi possível verificar a segurança da sessão.',
  retry: 'Tentar novamente',
};
