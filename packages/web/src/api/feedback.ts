import type { App } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;

/**
 * antd's message and modal bound to the shell's ConfigProvider (theme, locale). The request layer and the
 * guard live outside React: the shell's <FeedbackBridge> hands the hook instances over here. Before the
 * shell is loaded (the login page is kept free of antd to stay small) antd's static API is loaded on demand.
 */
export const feedback: { message: AppApi['message'] | null; modal: AppApi['modal'] | null } = {
  message: null,
  modal: null,
};

async function messageApi(): Promise<Pick<AppApi['message'], 'error' | 'success' | 'warning'>> {
  if (feedback.message) return feedback.message;
  return (await import('antd/es/message')).default;
}

export function toast(type: 'error' | 'success' | 'warning', content: string, seconds: number): void {
  void messageApi().then((m) => m[type]({ content, duration: seconds }));
}

export async function confirm(config: Parameters<AppApi['modal']['confirm']>[0]): Promise<void> {
  if (feedback.modal) {
    feedback.modal.confirm(config);
    return;
  }
  (await import('antd/es/modal')).default.confirm(config);
}
