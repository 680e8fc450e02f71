import type { JSX } from 'preact';
import { useRef } from 'preact/hooks';
import { formatCount } from '../../../lib/extension/ui/index.ts';
import type { LibraryTab } from '../../../lib/library/index.ts';

export interface TabInfo {
  id: LibraryTab;
  label: string;
  /** The count the catalog states for this list, when it states one. */
  count: number | null;
}

/**
 * The WAI-ARIA tabs pattern: one tab stop, arrow keys (and Home/End) move between tabs and
 * select them, the panel is labelled by its tab.
 */
export function Tabs(props: {
  tabs: TabInfo[];
  selected: LibraryTab;
  onSelect: (tab: LibraryTab) => void;
}): JSX.Element {
  const list = useRef<HTMLDivElement>(null);
  const index = props.tabs.findIndex((t) => t.id === props.selected);

  const move = (to: number): void => {
    const count = props.tabs.length;
    const next = props.tabs[(to + count) % count]!;
    props.onSelect(next.id);
    list.current?.querySelector<HTMLButtonElement>(`#library-tab-${next.id}`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent): void => {
    const keys: Record<string, () => void> = {
      ArrowRight: () => move(index + 1),
      ArrowLeft: () => move(index - 1),
      Home: () => move(0),
      End: () => move(props.tabs.length - 1),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <div class="tabs" role="tablist" aria-label="Library" ref={list} onKeyDown={onKeyDown}>
      {props.tabs.map((tab) => {
        const selected = tab.id === props.selected;
        return (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`library-tab-${tab.id}`}
            data-testid={`library-tab-${tab.id}`}
            aria-selected={selected}
            aria-controls="library-panel"
            tabIndex={selected ? 0 : -1}
            class={selected ? 'tab selected' : 'tab'}
            onClick={() => props.onSelect(tab.id)}
          >
            {tab.label}
            {tab.count !== null ? (
              <span
                class="tab-count"
                data-testid={`library-count-${tab.id}`}
                data-count={tab.count}
              >
                {formatCount(tab.count)}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
