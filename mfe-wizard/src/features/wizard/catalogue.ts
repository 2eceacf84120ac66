import { CATALOGUE_COLUMNS, CATALOGUE_TOO_LARGE } from '@sniff/contracts';

/** The same words the server answers with (413). */
export { CATALOGUE_TOO_LARGE };
export const CATALOGUE_EXAMPLE_NAME = 'sniff-catalogue-example.csv';

export { catalogueFileProblem } from '@sniff/contracts';

const EXAMPLE_ROWS: Record<(typeof CATALOGUE_COLUMNS)[number], string>[] = [
  {
    name: 'Sourdough Loaf',
    description: 'Slow-fermented country bread, baked daily',
    price: '6.50',
    category: 'Bread',
    image_url: 'https://cdn.example.com/images/sourdough.jpg',
  },
  {
    name: 'Almond Croissant',
    description: 'Buttery croissant filled with almond cream',
    price: '3.75',
    category: 'Pastry',
    image_url: 'https://cdn.example.com/images/almond-croissant.jpg',
  },
];

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** A small catalogue with the expected columns, in order. */
export function exampleCatalogueCsv(): string {
  const lines = [CATALOGUE_COLUMNS.join(',')];
  for (const row of EXAMPLE_ROWS) lines.push(CATALOGUE_COLUMNS.map((c) => csvCell(row[c])).join(','));
  return `${lines.join('\n')}\n`;
}

/** Saves the example catalogue, made in the browser (no download from the server). */
export function downloadExampleCatalogue(doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([exampleCatalogueCsv()], { type: 'text/csv' }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = CATALOGUE_EXAMPLE_NAME;
  link.hidden = true;
  doc.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
