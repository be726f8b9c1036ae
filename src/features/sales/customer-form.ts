// The new sale's customer form wording (docs/product.md §8): 'Nome do cliente é obrigatório.', the clients' words else.
import type { FieldIssue } from '../../../workers/contract/errors.ts';
import { fieldMessages } from '../../i18n/errors.ts';
import { newSaleText } from '../../i18n/new-sale.pt-BR.ts';

export function customerFieldMessages(issues: readonly FieldIssue[]): Record<string, string> {
  const messages = fieldMessages('clients', issues);
  if (issues.some((issue) => issue.field === 'nome' && issue.code === 'required')) messages.nome = newSaleText.customerNameRequired;
  return messages;
}
