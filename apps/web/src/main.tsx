import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { restoreLanguage } from './locales/index.ts';
import './styles/global.css';
import './styles/page.css';
import App from './App.tsx';
import { installErrorLog } from './utils/errorLog.ts';

installErrorLog();

// English visitors get their catalogues before the first paint (Chinese is bundled).
void restoreLanguage().finally(() => {
  createRoot(document.getElementById('app')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
