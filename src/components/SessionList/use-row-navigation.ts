import type { KeyboardEvent } from 'react';

const ROW = '[data-slot="session-list-item"]';
const TARGET = '[data-slot="session-list-open"]';

/**
 * Up/Down/Home/End move between rows (to each row's main button), so a long history can be
 * walked without tabbing through every row's actions. Tab still reaches everything.
 */
export function onRowNavigationKeyDown(event: KeyboardEvent<HTMLElement>): void {
  const list = event.currentTarget;
  const target = event.target as HTMLElement;
  if (target.closest('[data-slot="session-list-confirm"]')) return;
  const rows = [...list.querySelectorAll<HTMLElement>(ROW)];
  const current = rows.findIndex((row) => row.contains(target));
  if (current < 0) return;
  let next: number;
  switch (event.key) {
    case 'ArrowDown':
      next = Math.min(rows.length - 1, current + 1);
      break;
    case 'ArrowUp':
      next = Math.max(0, current - 1);
      break;
    case 'Home':
      next = 0;
      break;
    case 'End':
      next = rows.length - 1;
      break;
    default:
      return;
  }
  // `next` is a row (the current one exists); a row without its button is left alone.
  const button = rows[next]?.querySelector<HTMLElement>(TARGET);
  if (!button) return;
  event.preventDefault();
  button.focus();
}
