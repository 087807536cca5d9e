// A titled card of the statement and tenant screens.
import type { ReactNode } from "react";

/** A card of a tenant screen: an icon and a title that names the section for screen readers. */
export function TitledCard({ id, icon, title, children }: {
  id: string;
  icon: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 className="section-title" id={`${id}-title`}>
        <i className={`pi ${icon}`} aria-hidden="true" /> {title}
      </h2>
      {children}
    </section>
  );
}
