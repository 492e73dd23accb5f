export function Spinner({ label }: { label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
      />
      {label && <span>{label}</span>}
    </span>
  );
}

export function PageLoader({ label }: { label: string }) {
  return (
    <div className="flex min-h-40 items-center justify-center text-muted">
      <Spinner label={label} />
    </div>
  );
}
