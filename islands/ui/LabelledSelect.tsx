import { useId } from "react";

export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

interface Props<V extends string> {
  label: string;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  className?: string;
}

/** A small labelled select (sorts, the year filter). */
export function LabelledSelect<V extends string>({ label, value, options, onChange, className }: Props<V>) {
  const id = useId();
  return (
    <div className={className ? `watch-select ${className}` : "watch-select"}>
      <label className="watch-select-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="select"
        value={value}
        onChange={(event) => onChange(options.find((option) => option.value === event.target.value)?.value ?? value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
