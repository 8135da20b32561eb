import { Combobox, Input, InputBase, ScrollArea, useCombobox } from "@mantine/core";
import { type ReactElement, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { DropdownOptionText } from "./DropdownOptionText.tsx";
import { filterOptions, nextSelection, type Searchable } from "./dropdown-filter.ts";

export type DropdownOption = Searchable & {
  id: string;
  /** Custom rendering of the option in the list; the title is shown when absent. */
  render?: () => ReactNode;
};

/** What a custom target gets: the chosen option, whether the list is open, and the toggle to call on click. */
export type DropdownTargetProps<T extends DropdownOption> = { selected: T | null; opened: boolean; toggle: () => void };

export type DropdownProps<T extends DropdownOption> = {
  options: readonly T[];
  value: string | null;
  onChange: (id: string | null, option: T | null) => void;
  label?: ReactNode;
  placeholder?: string;
  searchable?: boolean;
  /** Choosing the chosen option again clears the choice. */
  toggleable?: boolean;
  /** Spec 9: list 300 px high and popup 400 px wide unless told otherwise. */
  maxListHeight?: number;
  popupWidth?: number | "target";
  disabled?: boolean;
  /** Replaces the default select-like button; must render one element that accepts a ref. */
  renderTarget?: (props: DropdownTargetProps<T>) => ReactElement;
  "data-testid"?: string;
};

/** Spec 2's dropdown selector: optional search, closes on Escape and outside click, optionally toggleable. */
export function Dropdown<T extends DropdownOption>({
  options,
  value,
  onChange,
  label,
  placeholder,
  searchable = false,
  toggleable = false,
  maxListHeight = 300,
  popupWidth = 400,
  disabled = false,
  renderTarget,
  "data-testid": testId,
}: DropdownProps<T>) {
  const { t } = useTranslation();
  const [query, setQuery] = useState("");
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setQuery("");
    },
    onDropdownOpen: () => {
      if (searchable) combobox.focusSearchInput();
    },
  });
  const selected = options.find((option) => option.id === value) ?? null;
  const shown = searchable ? filterOptions(options, query) : options;
  const toggle = () => {
    if (!disabled) combobox.toggleDropdown();
  };

  const pick = (id: string) => {
    const next = nextSelection(value, id, toggleable);
    onChange(next, options.find((option) => option.id === next) ?? null);
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} width={popupWidth} position="bottom-start" onOptionSubmit={pick} disabled={disabled}>
      <Combobox.Target withAriaAttributes={!searchable}>
        {renderTarget ? (
          renderTarget({ selected, opened: combobox.dropdownOpened, toggle })
        ) : (
          <InputBase
            component="button"
            type="button"
            pointer
            label={label}
            disabled={disabled}
            rightSection={<Combobox.Chevron />}
            rightSectionPointerEvents="none"
            onClick={toggle}
            data-testid={testId}
          >
            {selected?.title ?? <Input.Placeholder>{placeholder ?? t("ui.dropdown.placeholder")}</Input.Placeholder>}
          </InputBase>
        )}
      </Combobox.Target>
      <Combobox.Dropdown>
        {searchable && (
          <Combobox.Search
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            placeholder={t("ui.dropdown.search")}
            aria-label={t("ui.dropdown.search")}
          />
        )}
        <Combobox.Options>
          <ScrollArea.Autosize mah={maxListHeight} type="scroll">
            {shown.length === 0 ? (
              <Combobox.Empty>{t("ui.dropdown.nothingFound")}</Combobox.Empty>
            ) : (
              shown.map((option) => (
                <Combobox.Option value={option.id} key={option.id} active={option.id === value}>
                  {option.render ? (
                    option.render()
                  ) : (
                    <DropdownOptionText option={option} selected={option.id === value} />
                  )}
                </Combobox.Option>
              ))
            )}
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
