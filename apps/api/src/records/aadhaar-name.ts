/** The name UIDAI gave, as the DigiLocker step stored the Aadhaar document (digilocker_obj). */
export function aadhaarNameOf(digilocker: unknown): string | null {
  const docs = (digilocker as { cdl_documents?: unknown } | null | undefined)?.cdl_documents;
  if (!Array.isArray(docs)) return null;
  for (const d of docs as { document_type?: unknown; name?: unknown }[])
    if (
      String(d?.document_type ?? '')
        .toUpperCase()
        .includes('AADHAAR') &&
      typeof d.name === 'string' &&
      d.name.trim()
    )
      return d.name.trim();
  return null;
}
