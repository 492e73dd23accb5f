import type { ReactNode } from 'react';

/**
 * A box whose content (a wide table) scrolls sideways on a narrow screen: a named region in the tab
 * order, so a keyboard user can reach it and scroll it with the arrow keys whatever it holds
 * (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`overflow-x-auto ${className}`} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
