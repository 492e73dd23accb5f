import type { ReactNode } from 'react';
import { usePublicTranslation } from '../hooks/use-public-translation';

/** A link to another site (a regulator's portal): opens in a new tab, and says so to a screen reader. */
export function ExternalLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  const { t } = usePublicTranslation();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span aria-hidden="true"> ↗</span>
      <span className="sr-only"> {t('newTab')}</span>
    </a>
  );
}
