import { uiTexts } from '@domain/messages.js';

export function LoadingScreen() {
  return (
    <div className="loading-screen" role="status">
      <span className="loading-screen__slime" aria-hidden="true" />
      {uiTexts.loading}
    </div>
  );
}
