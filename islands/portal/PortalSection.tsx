import { useId, type ReactNode } from "react";

interface Props {
  title: string;
  description?: string;
  /** Controls shown beside the title, such as a refresh button. */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** One titled card of the portal. */
export function PortalSection({ title, description, actions, className, children }: Props) {
  const headingId = useId();
  return (
    <section className={className ? `card portal-section ${className}` : "card portal-section"} aria-labelledby={headingId}>
      <header className="portal-section-header">
        <div>
          <h2 id={headingId} className="portal-section-title">
            {title}
          </h2>
          {description && <p className="portal-section-description">{description}</p>}
        </div>
        {actions && <div className="portal-section-actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}
