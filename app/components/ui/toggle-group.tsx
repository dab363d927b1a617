import { useState, type ReactNode } from "react";

type ToggleOption<T extends string> = { value: T; label: string; empty: string };

type ToggleGroupProps<T extends string> = {
  label: string;
  options: readonly ToggleOption<T>[];
  /** The chosen list; without it the chosen option's empty text is shown. */
  children?: (selected: ToggleOption<T>) => ReactNode;
};

/** Two or more toggle buttons (aria-pressed) that switch between lists. */
export function ToggleGroup<T extends string>({ label, options, children }: ToggleGroupProps<T>) {
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
      {children ? (
        <div aria-live="polite">{children(current)}</div>
      ) : (
        <p className="empty-state" aria-live="polite">
          {current.empty}
        </p>
      )}
    </div>
  );
}
