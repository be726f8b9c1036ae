// Every sentence a failed command can show, keyed by the worker's codes: one message per DataError code, one per
// field issue (with the spec's own wording where the spec names the field), and the lookup the screens use.
import type { DataErrorCode, FieldIssue, IssueCode } from '../../workers/contract/errors.ts';
import { DataError } from '../../workers/contract/errors.ts';
import { t } from './pt-BR.ts';
import { sharedErrorText } from './shared-errors.pt-BR.ts';

/** The message of a failed command, by code (docs/product.md §8). */
export const errorMessages: Readonly<Record<DataErrorCode, string>> = {
  offline: 'Você está offline. Conecte-se à internet e tente novamente.',
  not_signed_in: 'Você precisa estar logado para realizar esta operação.',
  forbidden: 'Você não tem permissão para realizar esta operação.',
  not_found: 'O registro não foi encontrado. Ele pode ter sido excluído.',
  invalid_input: 'Verifique os campos destacados e tente novamente.',
  limit_reached: 'Limite do seu plano atingido.',
  unknown_query: t.account.unknownError,
  internal: t.account.unknownError,
  invalid_credentials: t.auth.login.invalidCredentials,
  email_not_confirmed: t.auth.login.notConfirmed,
  user_not_found: t.auth.login.userNotFound,
  user_already_exists: t.auth.register.alreadyRegistered,
  weak_password: t.auth.register.weakPassword,
  same_password: t.auth.reset.samePassword,
  otp_expired: t.auth.reset.invalidLink,
  rate_limited: t.auth.rateLimited,
  account_suspended: t.auth.login.suspended,
  ip_blocked: t.auth.login.ipBlocked,
  profile_failed: t.auth.login.profileFailed,
  unsynced_changes: 'Há alterações neste aparelho que ainda não foram enviadas ao servidor.',
  function_failed: t.account.unknownError,
  mfa_code_invalid: sharedErrorText.secondFactor.invalidCode,
  stale_revision: 'Esta venda foi alterada em outro aparelho. Feche e abra a venda de novo para ver como está agora.',
  peer_code_invalid: 'Este não é um código de pareamento do Caderneta. Confira o código e tente novamente.',
  peer_code_used: 'Este código de pareamento já foi usado. Gere um novo código no outro aparelho.',
  peer_code_expired: 'Este código expirou ou não foi gerado neste aparelho. Comece o pareamento de novo.',
  peer_other_owner: 'Este código é de um aparelho de outra conta. Só aparelhos da mesma conta podem se conectar.',
  peer_same_device: 'Este código foi gerado neste mesmo aparelho. Leia o código mostrado no outro aparelho.',
  peer_key_missing: sharedErrorText.devices.keyMissing,
};

/** A field issue's message when the spec does not word it for that field. */
const issueMessages: Readonly<Record<IssueCode, (limit?: number) => string>> = {
  required: () => 'Campo obrigatório.',
  too_short: (limit) => (limit ? `Informe pelo menos ${limit} caracteres.` : 'Texto muito curto.'),
  too_long: (limit) => (limit ? `Máximo de ${limit} caracteres.` : 'Texto muito longo.'),
  too_small: (limit) => (limit === 0 ? 'O valor não pode ser negativo.' : `O valor mínimo é ${limit ?? 0}.`),
  too_large: () => 'Valor acima do permitido.',
  not_positive: () => 'Informe um valor maior que zero.',
  not_a_number: () => 'Informe um número válido.',
  invalid_format: () => 'Formato inválido.',
  invalid_option: () => 'Opção inválida.',
  invalid_type: () => 'Valor inválido.',
  empty_list: () => 'Adicione pelo menos um item.',
  exceeds_balance: () => 'Valor acima do permitido.',
  unchanged: () => 'Nenhuma alteração.',
  duplicate: () => 'Item repetido.',
  too_few_parts: () => 'Divida o pagamento em pelo menos duas formas.',
  repeated_method: () => 'Cada forma de pagamento pode aparecer uma vez só.',
  parts_do_not_add_up: () => 'As partes do pagamento não fecham com o total.',
  fiado_part_type: () => 'Uma venda com parte no fiado é uma venda fiado, e uma venda fiado dividida tem parte no fiado.',
};

type FieldWording = Readonly<Record<string, Partial<Readonly<Record<IssueCode, string>>>>>;

const invalidAmount = 'Por favor, informe um valor válido maior que zero.';
const clientRequired = 'Por favor, preencha o nome e telefone do cliente.';
const phoneInvalid = 'Telefone inválido. Informe o DDD e o número, com 8 ou 9 dígitos: (81) 99999-8888.';
const tillAmount = 'Informe um valor igual ou maior que zero.';
const tillTooLarge = 'Valor acima do permitido.';
/** A whole-number setting of /admin/settings (docs/product.md §5: parsed as integers). */
const adminIntegerField = (min: number) => ({
  not_a_number: sharedErrorText.adminSettings.integerError,
  invalid_type: sharedErrorText.adminSettings.integerError,
  required: sharedErrorText.adminSettings.integerError,
  too_small: sharedErrorText.adminSettings.tooSmall(min),
  too_large: sharedErrorText.adminSettings.tooLarge,
});

/** The spec's own words for the fields it names, by form (the command's domain). */
export const fieldWording = {
  products: {
    nome: { required: 'O nome do produto é obrigatório.' },
    descricao: { too_long: 'A descrição pode ter no máximo 500 caracteres.' },
  },
  clients: {
    nome: { required: clientRequired },
    telefone: { required: clientRequired, invalid_format: phoneInvalid },
  },
  ledger: {
    valor: {
      required: invalidAmount,
      not_positive: invalidAmount,
      not_a_number: invalidAmount,
      invalid_type: invalidAmount,
      exceeds_balance: 'O valor do pagamento não pode ser maior que o débito atual.',
    },
  },
  reversal: {
    motivo: { required: 'Informe o motivo do estorno.', too_long: 'O motivo pode ter no máximo 500 caracteres.' },
    valor: {
      exceeds_balance: 'O estorno deixaria o saldo negativo. Estorne antes os pagamentos feitos depois deste débito.',
    },
    lancamento_id: {
      duplicate: 'Este lançamento já foi estornado.',
      invalid_option: 'Um estorno não pode ser estornado.',
    },
  },
  stock: {
    quantidade: { required: 'Informe a quantidade.', not_positive: 'Informe uma quantidade maior que zero.' },
  },
  sales: {
    itens: { empty_list: 'Adicione produtos ao carrinho para finalizar a venda.' },
    cliente_id: { required: 'Selecione um cliente para vendas fiado.' },
  },
  saleEdit: {
    data: { required: 'Selecione uma data para a venda.', invalid_format: 'Selecione uma data para a venda.' },
    itens: { empty_list: 'Adicione pelo menos um item à venda.' },
    cliente_id: { required: 'Selecione um cliente para vendas fiado.' },
  },
  expenses: {
    descricao: {
      required: sharedErrorText.expenses.descricaoTooShort,
      too_short: sharedErrorText.expenses.descricaoTooShort,
      too_long: sharedErrorText.expenses.descricaoTooLong,
    },
    valor: {
      required: sharedErrorText.expenses.valorPositive,
      not_positive: sharedErrorText.expenses.valorPositive,
      not_a_number: sharedErrorText.expenses.valorPositive,
      invalid_type: sharedErrorText.expenses.valorPositive,
      too_large: sharedErrorText.expenses.valorTooLarge,
    },
    data: { required: sharedErrorText.expenses.dataInvalid, invalid_format: sharedErrorText.expenses.dataInvalid, invalid_type: sharedErrorText.expenses.dataInvalid },
  },
  expenseCategories: {
    nome: {
      required: sharedErrorText.expenses.nomeTooShort,
      too_short: sharedErrorText.expenses.nomeTooShort,
      too_long: sharedErrorText.expenses.nomeTooLong,
      duplicate: sharedErrorText.expenses.nomeDuplicate,
    },
    cor: { invalid_format: sharedErrorText.expenses.corInvalid, invalid_type: sharedErrorText.expenses.corInvalid },
  },
  suppliers: {
    nome: { required: t.suppliers.nameTooShort, too_short: t.suppliers.nameTooShort },
    email: { invalid_format: t.suppliers.invalidEmail, invalid_type: t.suppliers.invalidEmail },
    telefone: { invalid_format: phoneInvalid },
  },
  till: {
    troco_inicial: { required: tillAmount, too_small: tillAmount, not_a_number: tillAmount, too_large: tillTooLarge },
    valor: { required: invalidAmount, not_positive: invalidAmount, not_a_number: invalidAmount, too_large: tillTooLarge },
    valor_contado: { required: tillAmount, too_small: tillAmount, not_a_number: tillAmount, too_large: tillTooLarge },
    caixa: { duplicate: sharedErrorText.till.alreadyOpen },
  },
  account: {
    nomeMercado: {
      required: t.account.marketNameRequired,
      too_long: t.account.marketNameTooLong,
      unchanged: t.account.marketNameUnchanged,
    },
    chavePix: { invalid_format: t.pix.keyInvalid, too_long: t.pix.keyTooLong, unchanged: t.pix.unchanged },
    cidade: { required: t.pix.cityRequired, too_long: t.pix.cityTooLong },
  },
  emailCode: {
    email: { required: t.auth.required, invalid_format: t.auth.invalidEmail },
    code: { required: t.auth.code.required, invalid_format: t.auth.code.format },
  },
  adminSetting: {
    'value.max_login_attempts': adminIntegerField(1),
    'value.lockout_duration': adminIntegerField(1),
    'value.products': adminIntegerField(0),
    'value.clients': adminIntegerField(0),
  },
  adminBlockIp: {
    ip: {
      required: sharedErrorText.adminSettings.ipRequired,
      invalid_format: sharedErrorText.adminSettings.ipInvalid,
      duplicate: sharedErrorText.adminSettings.ipDuplicate,
    },
  },
  support: {
    message: { required: sharedErrorText.support.typeMessage },
    ticketId: { required: sharedErrorText.support.invalidTicket, invalid_format: sharedErrorText.support.invalidTicket },
    title: { required: 'Informe o título do ticket.' },
  },
  adminUser: {
    email: { required: 'Informe o email.', invalid_format: 'Informe um email válido.' },
    telefone: { too_long: 'O telefone tem no máximo 11 dígitos.' },
    planEnd: { invalid_format: 'Data inválida' },
  },
} satisfies Readonly<Record<string, FieldWording>>;

export type FormName = keyof typeof fieldWording;

/** The Portuguese sentence for one field issue of a form. */
export function issueMessage(form: FormName, issue: FieldIssue): string {
  const wording: FieldWording = fieldWording[form];
  return wording[issue.field]?.[issue.code] ?? issueMessages[issue.code](issue.limit);
}

/** Each field's message (the first issue per field), keyed by field path. */
export function fieldMessages(form: FormName, issues: readonly FieldIssue[]): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of issues) messages[issue.field] ??= issueMessage(form, issue);
  return messages;
}

/** The sentence for any failure: a field issue's wording when there is one, else the code's message. */
export function errorMessage(error: unknown, form?: FormName, overrides: Partial<Record<DataErrorCode, string>> = {}): string {
  const failure = DataError.from(error);
  const first = failure.issues[0];
  if (form && first) return issueMessage(form, first);
  return overrides[failure.code] ?? errorMessages[failure.code];
}
