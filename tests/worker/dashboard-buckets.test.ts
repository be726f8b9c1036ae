// The dashboard's calendar around midnight in America/Sao_Paulo (UTC-3): a sale's local day and hour, the
// Monday-to-Sunday week, the month's days, and the figures of the period (today, KPI cards, top products).
import { describe, expect, it } from 'vitest';
import { addDays, bucketOf, localTimeOf, periodRange, weekdayOf } from '../../workers/dashboard/buckets.ts';
import { dashboardFigures } from '../../workers/dashboard/figures.ts';

const SP = 'America/Sao_Paulo';
/** An instant given as São Paulo local time (UTC-3, no daylight saving since 2019). */
const sp = (local: string) => Date.parse(`${local}-03:00`);

describe('local time of an instant', () => {
  it('is the São Paulo calendar date and hour, not the UTC one', () => {
    expect(localTimeOf('2026-11-23T02:30:00Z', SP)).toEqual({ date: '2026-11-22', hour: '23' });
    expect(localTimeOf('2026-11-23T03:10:00Z', SP)).toEqual({ date: '2026-11-23', hour: '00' });
  });

  it('does calendar arithmetic across months and years; Monday is 0 and Sunday 6', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(weekdayOf('2026-11-23')).toBe(0);
    expect(weekdayOf('2026-11-29')).toBe(6);
  });
});

describe('week buckets (Monday to Sunday)', () => {
  it('puts a sale at 23:30 on Sunday in that week, and one at 00:10 on Monday in the next', () => {
    const sundayNight = sp('2026-11-29T23:30:00');
    const mondayMorning = sp('2026-11-30T00:10:00');
    const week = periodRange('semana', sundayNight, SP);
    expect(week.from).toBe('2026-11-23');
    expect(week.to).toBe('2026-11-29');
    expect(week.buckets.map((bucket) => bucket.key)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(week.buckets.filter((bucket) => bucket.current).map((bucket) => bucket.key)).toEqual(['2026-11-29']);
    expect(bucketOf(week, sundayNight, SP)).toBe('2026-11-29');
    expect(bucketOf(week, mondayMorning, SP)).toBeNull();

    const next = periodRange('semana', mondayMorning, SP);
    expect(next.from).toBe('2026-11-30');
    expect(next.to).toBe('2026-12-06');
    expect(next.buckets[0]).toEqual({ key: '2026-11-30', current: true });
    expect(bucketOf(next, mondayMorning, SP)).toBe('2026-11-30');
    expect(bucketOf(next, sundayNight, SP)).toBeNull();
  });

  it('starts on the Monday before when today is Monday just after midnight UTC but still Sunday in São Paulo', () => {
    // 01:00 UTC on Monday is 22:00 on Sunday in São Paulo.
    const week = periodRange('semana', Date.parse('2026-11-30T01:00:00Z'), SP);
    expect(week.from).toBe('2026-11-23');
  });
});

describe('month buckets (one point per day)', () => {
  it('has every day of the month, and the last evening of the month stays in it', () => {
    const lastEvening = sp('2026-11-30T23:30:00');
    const november = periodRange('mes', lastEvening, SP);
    expect(november.buckets).toHaveLength(30);
    expect(november.from).toBe('2026-11-01');
    expect(november.to).toBe('2026-11-30');
    expect(bucketOf(november, lastEvening, SP)).toBe('2026-11-30');
    expect(bucketOf(november, sp('2026-12-01T00:10:00'), SP)).toBeNull();
    expect(periodRange('mes', sp('2028-02-10T12:00:00'), SP).buckets).toHaveLength(29);
  });

  it('starts the next month at 00:10 on its first day', () => {
    const december = periodRange('mes', sp('2026-12-01T00:10:00'), SP);
    expect(december.buckets).toHaveLength(31);
    expect(december.buckets[0]).toEqual({ key: '2026-12-01', current: true });
  });
});

describe('day buckets (by hour)', () => {
  it('has 24 hours of today; a sale of yesterday 23:30 is not in it', () => {
    const now = sp('2026-11-24T00:10:00');
    const today = periodRange('dia', now, SP);
    expect(today.buckets).toHaveLength(24);
    expect(today.buckets.find((bucket) => bucket.current)?.key).toBe('00');
    expect(bucketOf(today, sp('2026-11-24T00:05:00'), SP)).toBe('00');
    expect(bucketOf(today, sp('2026-11-23T23:30:00'), SP)).toBeNull();
  });
});

describe('figures of a period', () => {
  const item = (produto_id: string, nome: string, quantidade: number, unidade = 'un') => ({
    produto_id,
    quantidade,
    preco_unitario: 1,
    preco_total: quantidade,
    nome_produto: nome,
    unidade_produto: unidade,
  });
  // A sale's day is the local date the device wrote beside it (`data`), its hour that of `created_at`.
  const sale = (local: string, total: number, tipo: 'avista' | 'fiado', itens: ReturnType<typeof item>[]) => ({
    data: local.slice(0, 10),
    created_at: new Date(sp(local)).toISOString(),
    total,
    tipo,
    itens,
  });
  const sales = [
    sale('2026-11-29T23:30:00', 10.1, 'avista', [item('a', 'Arroz', 2)]),
    sale('2026-11-30T00:10:00', 20.2, 'fiado', [item('c', 'Carne', 0.3335, 'kg'), item('a', 'Arroz', 1)]),
    sale('2026-11-30T09:00:00', 0.3, 'avista', [item('b', 'Bala', 7)]),
  ];

  it("counts Monday's sales in the new week, today's sales, the average ticket and the fiado in cents", () => {
    const figures = dashboardFigures(sales, 'semana', sp('2026-11-30T10:00:00'), SP);
    expect(figures.today).toEqual({ count: 2, total: 20.5 });
    expect(figures.kpis).toEqual({ total: 20.5, count: 2, averageTicket: 10.25, fiado: 20.2 });
    expect(figures.points[0]).toEqual({ key: '2026-11-30', current: true, total: 20.5, count: 2 });
    expect(figures.points.slice(1).every((point) => point.total === 0)).toBe(true);
    expect(figures.topProducts.map((product) => [product.nome, product.quantidade])).toEqual([
      ['Bala', 7],
      ['Arroz', 1],
      ['Carne', 0.334],
    ]);
  });

  it('ranks top products by what they brought in, never adding grams to units, and keeps each unit', () => {
    const mixed = [
      sale('2026-11-30T09:00:00', 118, 'avista', [
        { ...item('alho', 'Alho', 150, 'g'), preco_unitario: 0.04, preco_total: 6 },
        { ...item('feijao', 'Feijão', 14), preco_unitario: 8, preco_total: 112 },
      ]),
    ];
    const figures = dashboardFigures(mixed, 'dia', sp('2026-11-30T10:00:00'), SP);
    expect(figures.topProducts.map((product) => [product.nome, product.receita, product.quantidade, product.unidade])).toEqual([
      ['Feijão', 112, 14, 'un'],
      ['Alho', 6, 150, 'g'],
    ]);
  });

  it("keeps Sunday 23:30 in the previous week's figures", () => {
    const figures = dashboardFigures(sales, 'semana', sp('2026-11-29T23:50:00'), SP);
    expect(figures.kpis).toEqual({ total: 10.1, count: 1, averageTicket: 10.1, fiado: 0 });
    expect(figures.points[6]).toEqual({ key: '2026-11-29', current: true, total: 10.1, count: 1 });
  });
});
