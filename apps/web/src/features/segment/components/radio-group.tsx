/** A labelled group of radio buttons with an optional hint per option. */
export function RadioGroup<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  error,
}: {
  name: string;
  legend: string;
  options: { value: T; label: string; hint?: string }[];
  value: T | undefined;
  onChange: (value: T) => void;
  error?: string | undefined;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset className="mb-4" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-semibold text-ink">{legend}</legend>
      <div className="space-y-2">
        {options.map((o) => {
          const id = `${name}-${o.value}`;
          return (
            <div
              key={o.value}
              className={`flex items-start gap-3 rounded-lg border bg-white p-3 ${
                value === o.value ? 'border-brand' : 'border-slate-500'
              }`}
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={o.value}
                checked={value === o.value}
                onChange={() => onChange(o.value)}
                className="mt-1 h-5 w-5 shrink-0 accent-brand"
                aria-describedby={o.hint ? `${id}-hint` : undefined}
              />
              <div>
                <label htmlFor={id} className="font-semibold text-ink">
                  {o.label}
                </label>
                {o.hint && (
                  <p id={`${id}-hint`} className="text-sm text-muted">
                    {o.hint}
                  </p>
                )}
              </div>
            </div>
          );
        })}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
