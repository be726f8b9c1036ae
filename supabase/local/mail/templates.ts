// The emails Caderneta's Auth sends, in Brazilian Portuguese: sign-up confirmation, password recovery, magic
// link, invitation, email change (to the new address), the notice of that change (to the old one) and the
// code that confirms a sensitive change (reauthentication).
import { escapeHtml } from './html.ts';
import type { OutgoingMail } from './outbox.ts';

export type TemplateKind =
  'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change' | 'email_change_notice' | 'reauthentication';

export interface TemplateInput {
  to: string;
  /** The action link (verify URL); absent only for the change notice. */
  link?: string;
  /** The six-digit code that verifies the same action. */
  otp?: string;
  /** The person's name from user_metadata.nome, when known. */
  name?: string;
  /** The shop's name from user_metadata.nome_mercado, when known. */
  shopName?: string;
  /** The address being switched to (email change). */
  newEmail?: string;
}

interface Parts {
  subject: string;
  intro: string[];
  action?: string;
  outro: string[];
}

function greeting(name?: string): string {
  const first = name?.trim().split(/\s+/)[0];
  return first ? `Olá, ${first}!` : 'Olá!';
}

function partsOf(kind: TemplateKind, input: TemplateInput): Parts {
  switch (kind) {
    case 'signup':
      return {
        subject: 'Confirme seu cadastro no Caderneta',
        intro: [
          input.shopName
            ? `Recebemos o cadastro do ${input.shopName} no Caderneta. Falta só confirmar seu e-mail para começar a vender.`
            : 'Recebemos seu cadastro no Caderneta. Falta só confirmar seu e-mail para começar a vender.',
        ],
        action: 'Confirmar meu e-mail',
        outro: ['O link e o código valem por 1 hora.', 'Se você não se cadastrou no Caderneta, ignore este e-mail.'],
      };
    case 'invite':
      return {
        subject: 'Você foi convidado para o Caderneta',
        intro: ['Você recebeu um convite para usar o Caderneta. Aceite o convite para criar seu acesso.'],
        action: 'Aceitar o convite',
        outro: ['O link e o código valem por 1 hora.', 'Se você não esperava este convite, ignore este e-mail.'],
      };
    case 'reauthentication':
      return {
        subject: 'Seu código de confirmação do Caderneta',
        intro: ['Para confirmar a alteração pedida na sua conta do Caderneta, use o código abaixo.'],
        outro: ['O código vale por 1 hora e só pode ser usado uma vez.', 'Se você não pediu esta alteração, troque sua senha.'],
      };
    case 'recovery':
      return {
        subject: 'Redefina sua senha do Caderneta',
        intro: ['Recebemos um pedido para redefinir a senha da sua conta no Caderneta.'],
        action: 'Criar uma nova senha',
        outro: [
          'O link e o código valem por 1 hora e só podem ser usados uma vez.',
          'Se você não pediu a troca de senha, ignore este e-mail: sua senha continua a mesma.',
        ],
      };
    case 'magiclink':
      return {
        subject: 'Seu link de acesso ao Caderneta',
        intro: ['Use o link abaixo para entrar no Caderneta sem digitar a senha.'],
        action: 'Entrar no Caderneta',
        outro: [
          'O link e o código valem por 1 hora e só podem ser usados uma vez.',
          'Se você não pediu este acesso, ignore este e-mail.',
        ],
      };
    case 'email_change':
      return {
        subject: 'Confirme seu novo e-mail no Caderneta',
        intro: [`Para passar a usar ${input.to} na sua conta do Caderneta, confirme este endereço.`],
        action: 'Confirmar novo e-mail',
        outro: ['O link e o código valem por 1 hora.', 'Se você não pediu esta troca, ignore este e-mail.'],
      };
    case 'email_change_notice':
      return {
        subject: 'Seu e-mail no Caderneta está sendo alterado',
        intro: [
          `Foi pedida a troca do e-mail da sua conta no Caderneta para ${input.newEmail ?? 'um novo endereço'}.`,
          'A troca só vale depois que o novo endereço for confirmado.',
        ],
        outro: ['Se não foi você, troque sua senha e fale com o suporte do Caderneta.'],
      };
  }
}

/** The finished message (subject, plain text and HTML) for `kind`. */
export function renderMail(kind: TemplateKind, input: TemplateInput): OutgoingMail {
  const parts = partsOf(kind, input);
  const hello = greeting(input.name);
  const code = input.otp ? `Se preferir, digite o código ${input.otp} no aplicativo.` : null;

  const text = [
    hello,
    '',
    ...parts.intro,
    ...(parts.action && input.link ? ['', `${parts.action}: ${input.link}`] : []),
    ...(code ? ['', code] : []),
    '',
    ...parts.outro,
    '',
    'Equipe Caderneta',
  ].join('\n');

  const paragraph = (line: string) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`;
  const button =
    parts.action && input.link
      ? `<p style="margin:20px 0"><a href="${escapeHtml(input.link)}" style="background:#15803d;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(parts.action)}</a></p>`
      : '';
  const html = [
    '<div style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#1f2937;max-width:560px">',
    paragraph(hello),
    ...parts.intro.map(paragraph),
    button,
    code
      ? `<p style="margin:0 0 12px">Se preferir, digite o código <strong style="letter-spacing:2px">${escapeHtml(input.otp ?? '')}</strong> no aplicativo.</p>`
      : '',
    ...parts.outro.map((line) => `<p style="margin:0 0 12px;color:#6b7280;font-size:14px">${escapeHtml(line)}</p>`),
    '<p style="margin:20px 0 0">Equipe Caderneta</p>',
    '</div>',
  ].join('');

  return { to: input.to, subject: parts.subject, text, html, kind };
}
