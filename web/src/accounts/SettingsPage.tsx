import { useRef, useState } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useNavigate } from 'react-router-dom';
import { PRIVACY_LEVELS, type PrivacyLevel } from '@domain/limits.js';
import { accountTexts, journeyTexts } from '@domain/messages.js';
import type { SettingsPageQuery } from '../__generated__/SettingsPageQuery.graphql';
import { PageHeader } from '../ui/PageHeader';
import { useAccountMutations } from './useAccountMutations';
import { useUpdateProfileMutation } from './useUpdateProfileMutation';
import { useToast } from '../ui/toast/ToastProvider';
import { failureMessage } from '../app/relay/mutationFailure';
import type { UpdateProfileInput } from '../__generated__/useUpdateProfileMutation.graphql';
import { BlockedMemberList } from './BlockedMemberList';
import { HiddenStoryMemberList } from '../stories/HiddenStoryMemberList';
import { setSoundEffects, useSoundEffects } from '../ui/modalSound';
import { RouteScreen } from '../app/RouteScreen';
import { useEmailVerificationMutations } from './AccountJourneyPages';
import { CurrentPasswordField, NewPasswordFields, newPasswordReady } from './NewPasswordFields';
import { LoginRequiredScreen } from './LoginRequiredScreen';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { focusFirstInvalid } from '../ui/FormParts';

const s = accountTexts.settings;
const e = journeyTexts.settings;

/**
 * /my/settings: password change, the way to the notification settings, profile privacy, blocked members, hidden story
 * members, logout, account deletion.
 */
export default function SettingsPage() {
  return <RouteScreen<SettingsPageQuery> header={<PageHeader title={s.title} back />}>{(queryRef) => <Settings queryRef={queryRef} />}</RouteScreen>;
}

function Settings({ queryRef }: { queryRef: PreloadedQuery<SettingsPageQuery> }) {
  const { viewer } = usePreloadedQuery<SettingsPageQuery>(
    graphql`
      query SettingsPageQuery @preloadable {
        viewer {
          id
          nickname
          profileImage
          email
          verifiedAt
          preferences { privacy }
          ...BlockedMemberList_user
          ...HiddenStoryMemberList_user
        }
      }
    `,
    queryRef,
  );
  if (!viewer) return <LoginRequiredScreen />;
  // Keyed by the member: a guest who logs in here gets their own preferences chosen, not the defaults.
  return <SettingsForms key={viewer.id} viewer={viewer} />;
}

function SettingsForms({ viewer }: { viewer: NonNullable<SettingsPageQuery['response']['viewer']> }) {
  const account = useAccountMutations();
  const verification = useEmailVerificationMutations();
  const { updateProfile } = useUpdateProfileMutation();
  const toast = useToast();
  const navigate = useNavigate();
  const [passwords, setPasswords] = useState({ currentPassword: '', newPassword: '', newPasswordConfirm: '' });
  const passwordSection = useRef<HTMLElement>(null);
  /** 변경 was pressed with something wrong: every field says what (the button stays enabled to be pressed). */
  const [passwordsChecked, setPasswordsChecked] = useState(false);
  const unchanged = passwords.newPassword !== '' && passwords.newPassword === passwords.currentPassword;
  const [deletePassword, setDeletePassword] = useState('');
  const [deleteChecked, setDeleteChecked] = useState(false);
  const [confirmingDeletion, setConfirmingDeletion] = useState(false);
  const soundEffects = useSoundEffects();
  const [privacy, setPrivacy] = useState<PrivacyLevel>((viewer.preferences?.privacy?.toLowerCase() as PrivacyLevel | undefined) ?? 'public');

  async function changePassword() {
    if (account.inFlight) return;
    if (!passwords.currentPassword || unchanged || !newPasswordReady(passwords.newPassword, passwords.newPasswordConfirm)) {
      setPasswordsChecked(true);
      return focusFirstInvalid(passwordSection.current);
    }
    try {
      await account.changePassword(passwords);
    } catch (failure) {
      return toast.show(failureMessage(failure), 'error');
    }
    setPasswords({ currentPassword: '', newPassword: '', newPasswordConfirm: '' });
    setPasswordsChecked(false);
    toast.show(s.passwordChanged, 'success');
    // The form is emptied: the keyboard, left on <body> by the button disabled while the change was on its way, goes to
    // the section's heading (unless the member has gone on elsewhere meanwhile).
    const section = passwordSection.current;
    const focused = document.activeElement;
    if (!focused || focused === document.body || section?.contains(focused)) section?.querySelector('h2')?.focus();
  }

  async function sendVerificationMail() {
    try {
      await verification.requestEmailVerification();
    } catch (failure) {
      return toast.show(failureMessage(failure), 'error');
    }
    toast.show(accountTexts.pages.verifyMailSent, 'success');
  }

  /** Saves one setting shown already (optimistic); `undo` moves it back when the change is refused. */
  async function saveSetting(input: UpdateProfileInput, undo: () => void) {
    try {
      await updateProfile(viewer!.id, input, { profileImage: viewer!.profileImage ?? null }, false);
    } catch (failure) {
      undo();
      return toast.show(failureMessage(failure), 'error');
    }
    toast.show(s.saved, 'success');
  }

  async function choosePrivacy(level: PrivacyLevel) {
    const previous = privacy;
    setPrivacy(level);
    await saveSetting({ privacy: level }, () => setPrivacy(previous));
  }

  async function logout() {
    await account.logout();
    toast.show(s.loggedOut, 'info');
    navigate('/community', { replace: true });
  }

  async function deleteAccount() {
    setConfirmingDeletion(false);
    try {
      await account.deleteAccount(deletePassword);
    } catch (failure) {
      return toast.show(failureMessage(failure), 'error');
    }
    toast.show(s.deleted, 'info');
    navigate('/community', { replace: true });
  }

  return (
    <div className="account-page">
      <section className="settings-section" ref={passwordSection}>
        <h2 tabIndex={-1}>{s.passwordSection}</h2>
        <CurrentPasswordField
          label={s.currentPassword}
          value={passwords.currentPassword}
          onChange={(value) => setPasswords((current) => ({ ...current, currentPassword: value }))}
          error={passwordsChecked && !passwords.currentPassword ? accountTexts.validation.passwordRequired : undefined}
        />
        <NewPasswordFields
          labels={{ password: s.newPassword, confirmation: s.newPasswordConfirm }}
          password={passwords.newPassword}
          confirmation={passwords.newPasswordConfirm}
          onPassword={(value) => setPasswords((current) => ({ ...current, newPassword: value }))}
          onConfirmation={(value) => setPasswords((current) => ({ ...current, newPasswordConfirm: value }))}
          mismatch={accountTexts.validation.newPasswordMismatch}
          error={unchanged ? accountTexts.validation.newPasswordUnchanged : undefined}
          checked={passwordsChecked}
        />
        <button
          type="button"
          className="button button--primary"
          disabled={account.inFlight}
          aria-disabled={!passwords.currentPassword || unchanged || !newPasswordReady(passwords.newPassword, passwords.newPasswordConfirm) || undefined}
          onClick={() => void changePassword()}
        >
          {s.changePassword}
        </button>
      </section>
      {viewer.email ? (
        <section className="settings-section">
          <h2>{e.emailSection}</h2>
          <p data-testid="email-verification">{viewer.verifiedAt ? e.verified(viewer.email) : e.notVerified(viewer.email)}</p>
          {viewer.verifiedAt ? null : (
            <button type="button" className="button button--secondary" disabled={verification.inFlight} onClick={() => void sendVerificationMail()}>
              {e.sendVerification}
            </button>
          )}
        </section>
      ) : null}
      <section className="settings-section">
        <h2>{s.notificationsSection}</h2>
        {/* One place decides what is sent and how (the inbox's channels, types and quiet hours): switches here too
            would be a second set that could disagree with it. */}
        <p>
          <Link to="/my/notifications">{s.notificationSettingsLink}</Link>
        </p>
      </section>
      <section className="settings-section">
        <h2>{s.privacySection}</h2>
        <label className="field-label">
          {s.privacy}
          <select className="text-input" value={privacy} onChange={(event) => void choosePrivacy(event.target.value as PrivacyLevel)}>
            {PRIVACY_LEVELS.map((level) => (
              <option key={level} value={level}>
                {s.privacyLevels[level]}
              </option>
            ))}
          </select>
        </label>
      </section>
      <section className="settings-section">
        <h2>{s.soundSection}</h2>
        <label className="settings-toggle">
          <input type="checkbox" checked={soundEffects} onChange={(event) => setSoundEffects(event.target.checked)} />
          {s.modalSounds}
        </label>
      </section>
      <section className="settings-section">
        <h2>{s.blockedSection}</h2>
        <BlockedMemberList user={viewer} />
      </section>
      <section className="settings-section">
        <HiddenStoryMemberList user={viewer} />
      </section>
      <section className="settings-section">
        <button type="button" className="button button--secondary" onClick={() => void logout()}>
          {s.logout}
        </button>
      </section>
      <section className="settings-section">
        <h2>{s.deleteSection}</h2>
        <p>{s.deleteWarning}</p>
        <CurrentPasswordField
          label={s.deletePassword}
          value={deletePassword}
          onChange={setDeletePassword}
          error={deleteChecked && !deletePassword ? accountTexts.validation.passwordRequired : undefined}
        />
        <button
          type="button"
          className="button button--danger"
          disabled={account.inFlight}
          aria-disabled={!deletePassword || undefined}
          onClick={(event) => {
            setDeleteChecked(true);
            if (deletePassword) setConfirmingDeletion(true);
            else focusFirstInvalid(event.currentTarget.parentElement);
          }}
        >
          {s.deleteAccount}
        </button>
        {confirmingDeletion ? (
          <ConfirmDialog kind="withdraw" open onConfirm={() => void deleteAccount()} onCancel={() => setConfirmingDeletion(false)} busy={account.inFlight} />
        ) : null}
      </section>
    </div>
  );
}
