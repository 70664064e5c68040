import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useRef, type ReactNode } from 'react';

import styles from './VirtualList.module.css';

export interface VirtualListProps<Item> {
  items: readonly Item[];
  /** A stable key per item (an address, a transaction id). */
  getKey(item: Item, index: number): string;
  renderItem(item: Item, index: number): ReactNode;
  /** A first guess of a row's height in px; rows are measured once shown. */
  estimateSize?: number;
  /** The scrolling area's height (any CSS length); it scrolls inside. */
  height: string;
  /** The list's accessible name. */
  label: string;
  /** Rows rendered beyond the visible ones, for smooth scrolling. */
  overscan?: number;
  testId?: string;
}

/**
 * A long list that renders only the rows in view (@tanstack/react-virtual), for accounts,
 * tokens and activity with hundreds of rows. Rows keep list semantics (role=list/listitem with
 * their position and the total size), so screen readers still know where they are.
 */
export function VirtualList<Item>({
  items,
  getKey,
  renderItem,
  estimateSize = 64,
  height,
  label,
  overscan = 6,
  testId,
}: VirtualListProps<Item>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // Callers pass inline functions: read the latest through a ref so the virtualizer's options
  // stay the same object identity between renders (a new key function would re-measure forever).
  const latest = useRef({ items, getKey });
  latest.current = { items, getKey };
  const getItemKey = useCallback(
    (index: number) => latest.current.getKey(latest.current.items[index]!, index),
    [],
  );
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    getItemKey,
    overscan,
  });
  return (
    <div ref={scrollRef} className={styles.scroll} style={{ height }} data-testid={testId}>
      <div
        role="list"
        aria-label={label}
        className={styles.inner}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            role="listitem"
            aria-setsize={items.length}
            aria-posinset={row.index + 1}
            data-index={row.index}
            ref={virtualizer.measureElement}
            className={styles.row}
            style={{ transform: `translateY(${row.start}px)` }}
          >
            {renderItem(items[row.index]!, row.index)}
          </div>
        ))}
      </div>
    </div>
  );
}
