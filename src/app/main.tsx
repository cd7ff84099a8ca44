import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Placeholder until the console issue lands.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <p>Voice Console</p>
  </StrictMode>,
);
