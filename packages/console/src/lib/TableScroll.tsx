import type { ReactNode } from 'react';

/** A table that scrolls sideways on a narrow screen: a named region the keyboard can reach and scroll. */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the keyboard's focus
    <section className="table-scroll" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
