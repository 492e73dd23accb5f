import { useEffect } from 'react';

/** The browser tab shows the page's own title (and what screen readers announce on navigation). */
export function useDocumentTitle(title: string, brand: string) {
  useEffect(() => {
    document.title = title === brand ? brand : `${title} · ${brand}`;
  }, [title, brand]);
}
