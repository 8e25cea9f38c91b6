import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TOAST_DURATION_MS } from '@domain/limits.js';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

interface ToastApi {
  show(message: string, kind?: ToastKind): void;
}

const ToastContext = createContext<ToastApi>({ show: () => {} });

/**
 * The global toast of 002 §2.3: top centre, gone after 3000 ms (000 §9) or when clicked. Told by screen readers through
 * the stack's live region, without taking focus; one under the pointer or the keyboard's focus stays until left. The
 * focus keeper (app/focusKeeper.ts) moves the stack off what has focus.
 */
export function useToast(): ToastApi {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const hide = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  const api = useMemo<ToastApi>(
    () => ({
      show(message, kind = 'info') {
        const id = nextId.current++;
        // One failure told by two parts of the app (a form and the session handler) shows once.
        setToasts((current) => (current.some((toast) => toast.message === message) ? current : [...current, { id, message, kind }]));
      },
    }),
    [],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-stack" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <ToastMessage key={toast.id} toast={toast} onHide={hide} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastMessage({ toast, onHide }: { toast: Toast; onHide: (id: number) => void }) {
  // Held while hovered or focused: its time starts again once left.
  const [held, setHeld] = useState(false);
  const hold = (event: { currentTarget: Element }) => setHeld(event.currentTarget.matches(':hover, :focus'));
  useEffect(() => {
    if (held) return;
    const timer = window.setTimeout(() => onHide(toast.id), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast.id, onHide, held]);
  return (
    <button
      type="button"
      className={`toast toast--${toast.kind}`}
      data-testid="toast"
      onClick={() => onHide(toast.id)}
      onFocus={hold}
      onBlur={hold}
      onMouseEnter={hold}
      onMouseLeave={hold}
    >
      {toast.message}
    </button>
  );
}
