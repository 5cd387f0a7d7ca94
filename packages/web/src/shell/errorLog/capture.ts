import { ApiError } from '../../api/request';
import { isFormValidationFailure } from '../../components/formValidation';
import { addErrorLog } from './store';

/** SPEC §9: error-log capture is on in production builds; VITE_ERROR_LOG=1 turns it on in dev. */
export const ERROR_LOG_ENABLED = import.meta.env.PROD || import.meta.env.VITE_ERROR_LOG === '1';

function describe(reason: unknown): { message: string; stack: string } {
  if (reason instanceof Error) return { message: reason.message || reason.name, stack: reason.stack ?? '' };
  if (typeof reason === 'string') return { message: reason, stack: '' };
  try {
    return { message: JSON.stringify(reason), stack: '' };
  } catch {
    return { message: String(reason), stack: '' };
  }
}

/**
 * A refusal the person has already been shown is no client error: an API answer other than success (the request layer
 * toasts it, or the verify dialog takes it), or a form whose rules failed (antd's rejection; the messages show under
 * the fields). Handlers that simply let such a rejection go must not light the error log.
 */
function alreadyShown(reason: unknown): boolean {
  return reason instanceof ApiError || isFormValidationFailure(reason);
}

/** Collects window errors and unhandled promise rejections. React render errors come from the page error boundary. */
export function installErrorCapture(): void {
  if (!ERROR_LOG_ENABLED) return;
  window.addEventListener('error', (event) => {
    // Resource load failures (img/script) arrive here without an error object.
    const { message, stack } = describe(event.error ?? event.message);
    addErrorLog({ message, stack, info: event.filename ? `window.onerror ${event.filename}:${event.lineno}:${event.colno}` : 'window.onerror' });
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (alreadyShown(event.reason)) return;
    const { message, stack } = describe(event.reason);
    addErrorLog({ message, stack, info: 'unhandledrejection' });
  });
}

/** Error boundaries call this; React's component stack is the entry's info. */
export function logRenderError(error: unknown, componentStack: string | null | undefined): void {
  if (!ERROR_LOG_ENABLED) return;
  const { message, stack } = describe(error);
  addErrorLog({ message, stack, info: `React render${componentStack ? `:${componentStack.split('\n').slice(0, 4).join('\n')}` : ''}` });
}
