import { itemAt } from '../../core/item-at.js';
import type { ListboxItem, ListboxSection } from './listbox-items.js';

interface ListboxOptionsProps {
  sections: ListboxSection[];
  value: string;
  activeIndex: number;
  optionId: (index: number) => string;
  groupId: (key: string) => string;
  onHover: (index: number) => void;
  onChoose: (index: number) => void;
}

/** The options of a listbox, flat or under group labels, indexed in reading order. */
export function ListboxOptions({ sections, value, activeIndex, optionId, groupId, onHover, onChoose }: ListboxOptionsProps) {
  // Each section's first option index, counted before rendering rather than in the map below.
  const starts: number[] = [];
  let offset = 0;
  for (const section of sections) {
    starts.push(offset);
    offset += section.items.length;
  }
  return (
    <>
      {sections.map((section, s) => {
        // One start per section, counted above.
        const start = itemAt(starts, s);
        const options = section.items.map((item, i) => (
          <ListboxOption
            key={item.value}
            item={item}
            id={optionId(start + i)}
            selected={item.value === value}
            active={start + i === activeIndex}
            onHover={() => onHover(start + i)}
            onChoose={() => onChoose(start + i)}
          />
        ));
        if (section.label === null) return options;
        const labelId = groupId(section.key);
        return (
          <div key={section.key} role="group" aria-labelledby={labelId} className="acp-listbox-select__group">
            <div id={labelId} role="presentation" className="acp-listbox-select__group-label">
              {section.label}
            </div>
            {options}
          </div>
        );
      })}
    </>
  );
}

interface ListboxOptionProps {
  item: ListboxItem;
  id: string;
  selected: boolean;
  active: boolean;
  onHover: () => void;
  onChoose: () => void;
}

function ListboxOption({ item, id, selected, active, onHover, onChoose }: ListboxOptionProps) {
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      className="acp-listbox-select__option"
      data-slot="config-select-option"
      data-active={active ? '' : undefined}
      onPointerMove={active ? undefined : onHover}
      onClick={onChoose}
    >
      <svg className="acp-listbox-select__check" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
        {selected && <path d="M2.5 6.5 5 9l4.5-6" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />}
      </svg>
      <span className="acp-listbox-select__option-text">
        <span className="acp-listbox-select__option-name">{item.name}</span>
        {item.description && <span className="acp-listbox-select__option-description">{item.description}</span>}
      </span>
    </div>
  );
}
