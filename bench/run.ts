// `npm run bench`: runs every bench/*.bench.ts in this one process and prints figures against their baselines.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Bench, BenchFigure } from './figures.ts';

const only = process.argv.slice(2);
const folder = import.meta.dirname;
const files = readdirSync(folder)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
  .sort();

function describe(figure: BenchFigure): string {
  const more = figure.atLeast ? '> ' : '';
  const value = `${more}${figure.value.toFixed(figure.value >= 100 ? 0 : 2)} ${figure.unit}`;
  const target = figure.target ? ` (meta ${figure.target})` : '';
  if (!figure.baseline) return `  ${figure.name}: ${value}${target}`;
  const ratio = figure.value / figure.baseline.value;
  return `  ${figure.name}: ${value} | ${figure.baseline.name}: ${figure.baseline.value.toFixed(2)} ${figure.unit} | razão ${more}${ratio.toFixed(2)}×${target}`;
}

for (const file of files) {
  const module = (await import(pathToFileURL(join(folder, file)).href)) as { default: Bench };
  console.info(`\n${file}`);
  const figures = await module.default();
  for (const figure of figures) console.info(describe(figure));
}
if (files.length === 0) console.info('Nenhum benchmark encontrado.');
