import { Suspense, useEffect } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { useLang } from './i18n';
import { Guard } from './shell/Guard';
import { FullPageLoading } from './shell/FullPageLoading';
import { AuthRedirect } from './shell/AuthRedirect';
import { ShellLayout } from './shell/preload';
import Login from './shell/login/Login';

// The login page is plain HTML and CSS (about 9 KB), part of the entry so the form paints without another round
// trip; antd and the shell load only after login (budget: /login ≤ 200 KB gzip).
export function App() {
  const lang = useLang((s) => s.lang);
  useEffect(() => {
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  }, [lang]);

  return (
    <BrowserRouter>
      <Routes>
        <Route path="/auth-redirect" element={<AuthRedirect />} />
        <Route
          path="/login"
          element={
            <Guard>
              <Login />
            </Guard>
          }
        />
        <Route
          path="*"
          element={
            <Guard>
              <Suspense fallback={<FullPageLoading />}>
                <ShellLayout />
              </Suspense>
            </Guard>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
