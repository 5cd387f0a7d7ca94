import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { t } from '../../i18n';
import { logRenderError } from '../errorLog/capture';

interface Props {
  children: ReactNode;
}
interface State {
  error: Error | null;
  attempt: number;
}

/** One per page: a render error shows a retry screen instead of blanking the shell, and is logged. */
export class PageBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    logRenderError(error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <Result
          status="error"
          title={t('page.error.title')}
          subTitle={this.state.error.message}
          extra={
            <Button type="primary" onClick={() => this.setState((s) => ({ error: null, attempt: s.attempt + 1 }))}>
              {t('page.error.retry')}
            </Button>
          }
        />
      );
    }
    // A new key on retry remounts the page from scratch.
    return (
      <div key={this.state.attempt} className="page-boundary">
        {this.props.children}
      </div>
    );
  }
}
