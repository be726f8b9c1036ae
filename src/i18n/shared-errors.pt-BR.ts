// The sentences a screen's own area and the error catalogue (errors.ts) both say, kept once: the catalogue loads
// with the app's first page, and reading them from the areas would bring each area's whole file with it.
export const sharedErrorText = {
  expenses: {
    descricaoTooShort: 'A descrição deve ter pelo menos 3 caracteres.',
    descricaoTooLong: 'A descrição deve ter no máximo 500 caracteres.',
    valorPositive: 'O valor deve ser positivo.',
    valorTooLarge: 'Valor acima do permitido.',
    dataInvalid: 'Data inválida.',
    nomeTooShort: 'O nome deve ter pelo menos 2 caracteres.',
    nomeTooLong: 'O nome deve ter no máximo 50 caracteres.',
    nomeDuplicate: 'Já existe uma categoria com este nome.',
    corInvalid: 'Escolha uma cor válida.',
  },
  till: {
    alreadyOpen: 'O caixa deste aparelho já está aberto.',
  },
  adminSettings: {
    ipRequired: 'Informe o endereço IP',
    ipInvalid:
      'Endereço IP inválido. Use um IPv4 sem zeros à esquerda (ex.: 203.0.113.7), um IPv6 ou uma rede CIDR (ex.: 198.51.100.0/24).',
    ipDuplicate: 'Este endereço já está bloqueado.',
    integerError: 'Informe um número inteiro.',
    tooSmall: (min: number) => `Informe um número inteiro a partir de ${String(min)}.`,
    tooLarge: 'Número grande demais.',
  },
  support: {
    typeMessage: 'Digite uma mensagem',
    invalidTicket: 'Ticket inválido',
  },
  secondFactor: {
    invalidCode: 'Código inválido ou expirado. Confira o código de 6 dígitos no aplicativo autenticador e tente de novo.',
  },
  devices: {
    keyMissing: 'Conecte-se à internet uma vez para poder parear aparelhos.',
  },
} as const;
