// The sentences of the money and quantity fields (what is wrong with what was typed): `numberInputText`.
export const numberInputText = {
  moneyPlaceholder: '0,00',
  currency: 'R$',
  money: {
    unreadable: 'Valor inválido. Digite como 1.234,56 (vírgula antes dos centavos).',
    negative: 'O valor não pode ser negativo.',
    too_many_decimals: 'Use no máximo 2 casas decimais (centavos).',
    not_whole: 'Use no máximo 2 casas decimais (centavos).',
    too_large: (max: string) => `O valor máximo é R$ ${max}.`,
  },
  percent: '%',
  percentTooLarge: 'O máximo é 100%.',
  quantity: {
    unreadable: 'Quantidade inválida. Digite como 1.234,5 (vírgula antes dos decimais).',
    negative: 'A quantidade não pode ser negativa.',
    too_many_decimals: 'Use no máximo 3 casas decimais.',
    not_whole: 'Informe um número inteiro para esta unidade.',
    too_large: (max: string) => `A quantidade máxima é ${max}.`,
  },
} as const;
