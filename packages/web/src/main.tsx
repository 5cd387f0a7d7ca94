import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { installErrorCapture } from './shell/errorLog/capture';
import { installKeyBuffer } from './warehouse/keyBuffer';
import './shell/styles.css';

installErrorCapture();
installKeyBuffer();

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
