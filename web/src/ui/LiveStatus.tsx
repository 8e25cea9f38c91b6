import { useCallback, useState } from 'react';

/** One thing to tell; `serial` tells the same words said again apart. */
export interface Announcement {
  text: string;
  serial: number;
}

/**
 * What the screen says last through its `LiveStatus`, how to say the next thing (the same words again included), and
 * how to take back what was said once what it described is gone (nothing is read out; the next words are new).
 */
export function useAnnouncement(): [Announcement | null, (text: string) => void, () => void] {
  const [said, setSaid] = useState<Announcement | null>(null);
  const announce = useCallback((text: string) => setSaid((last) => ({ text, serial: (last?.serial ?? 0) + 1 })), []);
  const withdraw = useCallback(() => setSaid((last) => (last ? { text: '', serial: last.serial + 1 } : last)), []);
  return [said, announce, withdraw];
}

/**
 * A polite status, read by screen readers without being shown. Each announcement is a new node: a live region reads
 * what is added to it, so the same words set again as plain text (two notifications titled alike) would go unsaid.
 */
export function LiveStatus({ said }: { said: Announcement | null }) {
  return (
    <p className="visually-hidden" role="status">
      {said?.text ? <span key={said.serial}>{said.text}</span> : null}
    </p>
  );
}
