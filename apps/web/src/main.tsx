import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { useStore } from './store';
import './styles.css';

// The page's own state, for the browser tests (it holds nothing the page does not already show).
(window as unknown as { __trepenta: typeof useStore }).__trepenta = useStore;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
