// The admin's search-as-you-type pickers (the products' user filter, the notification's user): the ARIA combobox's
// typed text, the search the server is asked for once typing pauses, the open list and its active option moved
// with the arrow keys, chosen with Enter and closed with Escape.
import { useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../lib/use-debounced-value.ts';

export function useSearchCombobox<Item>({
  onChoose,
  wrap = false,
}: {
  onChoose: (item: Item) => void;
  /** Whether the arrow keys go round from the last option to the first (otherwise they stop at the ends). */
  wrap?: boolean;
}) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);

  const choose = (item: Item) => {
    onChoose(item);
    setText('');
    setOpen(false);
  };

  const onKeyDown = (choices: readonly Item[], event: KeyboardEvent<HTMLInputElement>) => {
    const count = choices.length;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (wrap ? (count === 0 ? 0 : (index + 1) % count) : Math.min(index + 1, Math.max(count - 1, 0))));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (wrap ? (count === 0 ? 0 : (index - 1 + count) % count) : Math.max(index - 1, 0)));
    } else if (event.key === 'Enter' && open) {
      const item = choices[active];
      if (item) {
        event.preventDefault();
        choose(item);
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  /** The input's value and handlers for the options shown now: typing opens the list on its first option; focus
   * opens it, blur closes it. */
  const inputProps = (choices: readonly Item[]) => ({
    value: text,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setText(event.target.value);
      setActive(0);
      setOpen(true);
    },
    onFocus: () => {
      setOpen(true);
    },
    onBlur: () => {
      setOpen(false);
    },
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      onKeyDown(choices, event);
    },
  });

  return { text, search, open, active, setActive, choose, inputProps };
}
