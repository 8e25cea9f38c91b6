import { uiTexts } from '@domain/messages.js';
import { useBackHandler } from './navigation/backNavigation';
import { ChevronLeftIcon } from '../ui/icons';

interface BackButtonProps {
  /** The screen's own handler; wins over everything else. */
  onClick?: () => void;
  /** A handler passed down by the surrounding header. */
  onBack?: () => void;
}

export function BackButton({ onClick, onBack }: BackButtonProps) {
  const handleBack = useBackHandler(onClick, onBack);
  return (
    <button type="button" className="icon-button" aria-label={uiTexts.back} onClick={handleBack}>
      <ChevronLeftIcon />
    </button>
  );
}
