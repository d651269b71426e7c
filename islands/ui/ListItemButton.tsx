import { useId, type ReactNode } from "react";

interface Props {
  className: string;
  selected: boolean;
  onSelect: () => void;
  /** The item's name: what the button is called. */
  title: ReactNode;
  /** Further lines, read as the button's description. */
  children?: ReactNode;
}

/** A choosable row of a sidebar list, named by its title line and described by the rest. */
export function ListItemButton({ className, selected, onSelect, title, children }: Props) {
  const titleId = useId();
  const detailsId = useId();
  return (
    <button
      type="button"
      className={`watch-item ${className}`}
      aria-pressed={selected}
      aria-labelledby={titleId}
      aria-describedby={children ? detailsId : undefined}
      onClick={onSelect}
    >
      <span id={titleId} className="watch-item-title">
        {title}
      </span>
      {children && (
        <span id={detailsId} className="watch-item-details">
          {children}
        </span>
      )}
    </button>
  );
}
