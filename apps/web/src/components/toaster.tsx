import { toast, useToasts } from '../lib/toast';

const colours = { error: 'bg-danger text-white', success: 'bg-success text-white', info: 'bg-ink text-white' };

export function Toaster() {
  const toasts = useToasts();
  return (
    <div
      aria-live="assertive"
      className="pointer-events-none fixed inset-x-0 top-2 z-50 flex flex-col items-center gap-2 px-3"
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.kind === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-lg px-4 py-3 shadow-lg ${colours[t.kind]}`}
        >
          <span className="text-sm">{t.text}</span>
          <button
            type="button"
            aria-label="Dismiss"
            className="ml-auto text-lg leading-none"
            onClick={() => toast.dismiss(t.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
