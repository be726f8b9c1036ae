// The counter's sentences: cash received and change, PIX with the sale's amount, card installments and what
// follows a finished sale.

export const counterText = {
  received: 'Valor recebido',
  quickNotes: 'Notas rápidas',
  note: (reais: number) => `R$ ${String(reais)}`,
  exact: 'Valor exato',
  change: 'Troco',
  short: 'Falta',
  pixTitle: 'PIX com o valor da venda',
  pixQr: (total: string) => `QR Code PIX de ${total}`,
  pixCode: 'PIX copia e cola',
  copyCode: 'Copiar código',
  codeCopied: 'Código PIX copiado',
  copyFailed: 'Não foi possível copiar o código',
  pixReceived: 'Recebido',
  pixNoKey: 'Cadastre a chave PIX da loja em Conta para mostrar o QR Code com o valor da venda.',
  pixKeyLink: 'Cadastrar chave PIX',
  chooseInstallments: 'Escolha o número de parcelas',
  installmentsRequired: 'Parcelas obrigatórias',
  installmentsRequiredText: 'Escolha em quantas vezes o cartão parcelado foi passado.',
  afterSale: 'Depois de finalizar a venda',
  afterSaleOptions: { relatorios: 'Ir para Relatórios', nova_venda: 'Nova venda' },
};
