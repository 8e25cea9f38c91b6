import { useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSession } from '../app/session';

/**
 * A screen for guests only (/login, /register, /forgot-password): a member who opens it logged in is sent on to
 * `to`. Decided when the screen opens, so a screen that logs the member in (sign-up) sends them on itself.
 */
export function GuestOnly({ to, children }: { to: string; children: ReactNode }) {
  const { isGuest } = useSession();
  const [guestOnArrival] = useState(isGuest);
  return guestOnArrival ? children : <Navigate to={to} replace />;
}
