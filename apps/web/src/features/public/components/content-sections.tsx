/** Headed sections of text and bullet lists, as the content pages keep them in the catalogues. */
export interface ContentSection {
  h: string;
  p?: string;
  items?: string[];
}

export function ContentSections({ sections }: { sections: ContentSection[] }) {
  return (
    <div className="mt-6 space-y-6">
      {sections.map((s) => (
        <section key={s.h}>
          <h2 className="mb-2 text-xl font-bold">{s.h}</h2>
          {s.p && <p className="leading-relaxed">{s.p}</p>}
          {s.items && s.items.length > 0 && (
            <ul className="mt-2 list-disc space-y-1 pl-5 leading-relaxed">
              {s.items.map((i) => (
                <li key={i}>{i}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
