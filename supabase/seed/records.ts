// The demo shop's books beside sales: expense categories and three months of expenses, suppliers, and the
// notifications an owner would have (welcome, news, maintenance, overdue fiado).
import { EXPENSE_CATEGORIES, SUPPLIERS } from './catalog.ts';
import type { DemoClock } from './clock.ts';
import type { Random } from './random.ts';
import type { CategoryPlan, ClientPlan, ExpensePlan, NotificationPlan, SupplierPlan } from './plan-types.ts';

interface Recurring {
  categoria: string;
  descricao: string;
  /** Day of the month, or a weekday (0 = Sunday) when `weekly`. */
  day: number;
  weekly?: boolean;
  min: number;
  max: number;
}

const RECURRING: readonly Recurring[] = [
  { categoria: 'Aluguel', descricao: 'Aluguel do ponto', day: 5, min: 1800, max: 1800 },
  { categoria: 'Funcionários', descricao: 'Salário do ajudante', day: 5, min: 1518, max: 1518 },
  { categoria: 'Energia', descricao: 'Conta de luz', day: 10, min: 380, max: 620 },
  { categoria: 'Água', descricao: 'Conta de água', day: 12, min: 95, max: 160 },
  { categoria: 'Internet e Telefone', descricao: 'Internet fibra e celular', day: 15, min: 139.9, max: 139.9 },
  { categoria: 'Impostos', descricao: 'DAS do MEI', day: 20, min: 80.9, max: 80.9 },
  { categoria: 'Mercadorias', descricao: 'Compra no atacado', day: 1, weekly: true, min: 900, max: 2600 },
  { categoria: 'Transporte', descricao: 'Combustível das entregas', day: 4, weekly: true, min: 120, max: 220 },
];

const OCCASIONAL: readonly { categoria: string | null; descricao: string; reais: number; offset: number }[] = [
  { categoria: 'Manutenção', descricao: 'Conserto da geladeira de bebidas', reais: 350, offset: -71 },
  { categoria: 'Manutenção', descricao: 'Lâmpadas e tomadas', reais: 85.5, offset: -40 },
  { categoria: 'Manutenção', descricao: 'Aferição da balança', reais: 160, offset: -12 },
  { categoria: null, descricao: 'Doação para a quermesse da paróquia', reais: 50, offset: -55 },
  { categoria: null, descricao: 'Sacolas plásticas', reais: 68.4, offset: -20 },
];

export interface PlannedRecords {
  categories: CategoryPlan[];
  expenses: ExpensePlan[];
  suppliers: SupplierPlan[];
  notifications: NotificationPlan[];
}

export function planRecords(
  random: Random,
  clock: DemoClock,
  first: number,
  overdue: readonly { client: ClientPlan; mensagem: string }[],
): PlannedRecords {
  const opening = first - 1;
  const categories: CategoryPlan[] = EXPENSE_CATEGORIES.map((category, index) => ({
    id: random.uuid(),
    ...category,
    created_at: clock.at(opening, 10, index).toISOString(),
  }));
  const categoryId = new Map(categories.map((category) => [category.nome, category.id]));

  const expenses: ExpensePlan[] = [];
  const add = (offset: number, categoria: string | null, descricao: string, reais: number) => {
    expenses.push({
      id: random.uuid(),
      descricao,
      valorCents: Math.round(reais * 100),
      data: clock.date(offset),
      categoria_id: categoria ? (categoryId.get(categoria) ?? null) : null,
      created_at: clock.at(offset, 21, random.int(0, 59)).toISOString(),
    });
  };
  for (let offset = first; offset <= 0; offset += 1) {
    const date = new Date(`${clock.date(offset)}T12:00:00Z`);
    for (const rule of RECURRING) {
      const due = rule.weekly ? date.getUTCDay() === rule.day : date.getUTCDate() === rule.day;
      if (due) add(offset, rule.categoria, rule.descricao, rule.min + random.int(0, Math.round((rule.max - rule.min) * 100)) / 100);
    }
  }
  for (const item of OCCASIONAL) if (item.offset >= first) add(item.offset, item.categoria, item.descricao, item.reais);

  const suppliers: SupplierPlan[] = SUPPLIERS.map((supplier, index) => ({
    id: random.uuid(),
    ...supplier,
    created_at: clock.at(opening, 11, index).toISOString(),
  }));

  const notice = (tipo: string, mensagem: string, offset: number, lido: boolean, referencia: string | null = null): NotificationPlan => ({
    id: random.uuid(),
    tipo,
    mensagem,
    lido,
    referencia_id: referencia,
    created_at: clock.at(offset, 8, 0).toISOString(),
  });
  const notifications: NotificationPlan[] = [
    notice('sistema', 'Bem-vindo ao Caderneta! Cadastre seus produtos e clientes para começar a vender.', first, true),
    notice('novidade', 'Novidade: agora você exporta suas despesas em PDF e CSV.', -10, false),
    notice('manutencao', 'Manutenção programada no domingo às 23h. O app continua funcionando offline.', -2, false),
    ...overdue.map(({ client, mensagem }) => notice('fiado_vencido', mensagem, -1, false, client.id)),
  ];
  return { categories, expenses, suppliers, notifications };
}
