/** The notebook the playground opens: a small analysis, in the workspace the agent reads and writes. */
import { serializeNotebook, type NotebookCell } from './notebook-file.js';

export const NOTEBOOK_FILE = 'analysis.ipynb';

export function notebookPath(cwd: string): string {
  return `${cwd.endsWith('/') ? cwd.slice(0, -1) : cwd}/${NOTEBOOK_FILE}`;
}

const cell = (id: string, type: NotebookCell['type'], source: string): NotebookCell => ({ id, type, source, raw: {} });

const CELLS: NotebookCell[] = [
  cell('intro', 'markdown', '# Trip expenses\n\nWhat we spent per category on the trip, from the list of receipts.'),
  cell(
    'expenses',
    'code',
    'expenses = [\n    {"category": "food", "amount": 12.5},\n    {"category": "travel", "amount": 40.0},\n    {"category": "food", "amount": 8.25},\n    {"category": "museum", "amount": 15.0},\n]',
  ),
  cell(
    'totals',
    'code',
    'totals = {}\nfor item in expenses:\n    if item["category"] not in totals:\n        totals[item["category"]] = 0\n    totals[item["category"]] += item["amount"]',
  ),
  cell('report', 'code', 'for category in totals:\n    print(category + ": " + str(totals[category]))'),
];

/** The notebook file's initial text. */
export function sampleNotebook(): string {
  return serializeNotebook({
    cells: CELLS,
    raw: {
      metadata: { kernelspec: { display_name: 'Python 3', language: 'python', name: 'python3' }, language_info: { name: 'python' } },
      nbformat: 4,
      nbformat_minor: 5,
    },
  });
}
