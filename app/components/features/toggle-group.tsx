import { useState } from "react";

type ToggleGroupProps<T extends string> = {
  label: string;
  options: readonly { value: T; label: string; empty: string }[];
};

/** Two or more toggle buttons (aria-pressed) that switch between lists; shows the chosen list's empty text. */
export function ToggleGroup<T extends string>({ label, options }: ToggleGroupProps<T>) {
  const [selected, setSelected] = useState<T>(options[0].value);
  const current = options.find((option) => option.value === selected) ?? options[0];
  return (
    <div className="toggle-block">
      <div role="group" aria-label={label} className="segmented">
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            className="segment"
            aria-pressed={selected === option.value}
            onClick={() => setSelected(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
      <p className="empty-state" aria-live="polite">
        {current.empty}
      </p>
    </div>
  );
}
