/**
 * A failed request, told as a toast in words (errorMessage), with Retry when trying again may work: no
 * answer, a failure of ours, too many requests. What the person typed stays where it was.
 */
import { toast } from '#site/stores/toasts.ts';
import { errorMessage, isRetryable } from './api.ts';

export function failureToast(error: unknown, retry?: () => unknown): void {
  toast(
    'error',
    errorMessage(error),
    retry && isRetryable(error) ? { label: 'Retry', run: () => void retry() } : undefined,
  );
}
