// The dashboard's labels without a browser: chart points (hours, Seg…Dom with 'Hoje', days of the month), top
// product quantities (weights with up to 3 decimals, others whole) and the greeting's name with its fallback.
import { describe, expect, it } from 'vitest';
import { greetingName, pointLabel, quantityLabel } from '../../src/features/dashboard/chart-labels.ts';

const point = (key: string, current = false) => ({ key, current, total: 0, count: 0 });

describe('chart labels', () => {
  it("names the week's days Seg to Dom, the current one 'Hoje'", () => {
    const week = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
    expect(week.map((key, index) => pointLabel('semana', point(key, key === '2026-11-25'), index))).toEqual([
      'Seg',
      'Ter',
      'Hoje',
      'Qui',
      'Sex',
      'Sáb',
      'Dom',
    ]);
  });

  it('names hours and days of the month by their number', () => {
    expect(pointLabel('dia', point('00'), 0)).toBe('0h');
    expect(pointLabel('dia', point('23'), 23)).toBe('23h');
    expect(pointLabel('mes', point('2026-11-01'), 0)).toBe('1');
    expect(pointLabel('mes', point('2026-11-30', true), 29)).toBe('30');
  });
});

describe('quantities and greeting', () => {
  it('shows weights with up to 3 decimals and units whole', () => {
    expect(quantityLabel(0.75, 'kg')).toBe('0,75 kg');
    expect(quantityLabel(1.2345, 'kg')).toBe('1,235 kg');
    expect(quantityLabel(250, 'g')).toBe('250 g');
    expect(quantityLabel(3, 'un')).toBe('3 un');
  });

  it("greets by the first name, 'Vendedor' without one", () => {
    expect(greetingName('Carlos Lima')).toBe('Carlos');
    expect(greetingName('  ')).toBe('Vendedor');
    expect(greetingName(null)).toBe('Vendedor');
  });
});
