import { useState } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import { nicknameMessage } from '@domain/account.js';
import { BIO_MAX, GENDERS, characterCount } from '@domain/limits.js';
import { accountTexts } from '@domain/messages.js';
import type { ProfileEditPageQuery } from '../__generated__/ProfileEditPageQuery.graphql';
import { PageHeader } from '../ui/PageHeader';
import { useUpdateProfileMutation } from './useUpdateProfileMutation';
import { useToast } from '../ui/toast/ToastProvider';
import { failureMessage } from '../app/relay/mutationFailure';
import { ProfilePhotoPicker } from './ProfilePhotoPicker';
import { RouteScreen } from '../app/RouteScreen';
import { CutMessage, FormError, useCharacterLimit } from '../ui/FormParts';
import { LoginRequiredScreen } from './LoginRequiredScreen';

const e = accountTexts.edit;

/** /my/profile/edit: nickname 2-20, bio up to 500, birth date, gender, location, website (001 §5). */
export default function ProfileEditPage() {
  return <RouteScreen<ProfileEditPageQuery> header={<PageHeader title={e.title} back />}>{(queryRef) => <ProfileEditForm queryRef={queryRef} />}</RouteScreen>;
}

function ProfileEditForm({ queryRef }: { queryRef: PreloadedQuery<ProfileEditPageQuery> }) {
  const { viewer } = usePreloadedQuery<ProfileEditPageQuery>(
    graphql`
      query ProfileEditPageQuery @preloadable {
        viewer { id nickname bio birthDate gender location website profileImage ...ProfilePhotoPicker_user }
      }
    `,
    queryRef,
  );
  if (!viewer) return <LoginRequiredScreen />;
  // Keyed by the member: a guest who logs in here gets the fields filled with their own profile, not left blank.
  return <ProfileFields key={viewer.id} viewer={viewer} />;
}

function ProfileFields({ viewer }: { viewer: NonNullable<ProfileEditPageQuery['response']['viewer']> }) {
  const [form, setForm] = useState({
    nickname: viewer.nickname ?? '',
    bio: viewer.bio ?? '',
    birthDate: viewer.birthDate ?? '',
    gender: (viewer.gender ?? '').toLowerCase(),
    location: viewer.location ?? '',
    website: viewer.website ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const { updateProfile, inFlight } = useUpdateProfileMutation();
  const toast = useToast();
  const navigate = useNavigate();

  // The nickname's problem in the rule's own words, under the field as the member types (it is saved trimmed).
  const nicknameError = nicknameMessage(form.nickname.trim());
  const valid = nicknameError === null && characterCount(form.bio) <= BIO_MAX;
  // A change answers the server's last refusal (a taken nickname): its message goes with it.
  const setValue = (field: keyof typeof form) => (value: string) => {
    setError(null);
    setForm((current) => ({ ...current, [field]: value }));
  };
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setValue(field)(event.target.value);
  const bioLimit = useCharacterLimit(BIO_MAX, form.bio, setValue('bio'));

  async function save() {
    setError(null);
    try {
      await updateProfile(viewer.id, { ...form, nickname: form.nickname.trim() }, { profileImage: viewer.profileImage ?? null });
    } catch (failure) {
      setError(failureMessage(failure, e.failed));
      return;
    }
    toast.show(e.saved, 'success');
    navigate('/my');
  }

  return (
    <>
      <ProfilePhotoPicker user={viewer} />
      <form
        className="account-page account-page__form"
        // The fields are checked by the service's rules, told in Korean; the browser's own checks speak its language.
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <label className="field-label">
          {e.nickname}
          <input
            className="text-input"
            name="nickname"
            value={form.nickname}
            onChange={set('nickname')}
            aria-invalid={nicknameError ? true : undefined}
            aria-describedby={nicknameError ? 'nickname-error' : undefined}
          />
        </label>
        {nicknameError ? (
          <p className="field__error" role="alert" id="nickname-error">
            {nicknameError}
          </p>
        ) : null}
        <label className="field-label">
          {e.bio}
          <textarea
            className="text-input"
            name="bio"
            value={form.bio}
            aria-describedby={['bio-counter', bioLimit.messageId].filter(Boolean).join(' ')}
            {...bioLimit.limit}
          />
        </label>
        {/* Outside the label: inside, the count became part of the box's name (소개 12/500). */}
        <span id="bio-counter" className="password-field__counter">{`${characterCount(form.bio)}/${BIO_MAX}`}</span>
        <CutMessage message={bioLimit.message} id={bioLimit.messageId} />
        <label className="field-label">
          {e.birthDate}
          <input className="text-input" type="date" name="birthDate" value={form.birthDate} onChange={set('birthDate')} />
        </label>
        <label className="field-label">
          {e.gender}
          <select className="text-input" name="gender" value={form.gender} onChange={set('gender')}>
            <option value="">{e.genderNone}</option>
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {e.genders[gender]}
              </option>
            ))}
          </select>
        </label>
        <label className="field-label">
          {e.location}
          <input className="text-input" name="location" value={form.location} onChange={set('location')} />
        </label>
        <label className="field-label">
          {e.website}
          <input className="text-input" type="url" name="website" value={form.website} onChange={set('website')} placeholder="https://" />
        </label>
        <FormError error={error} className="login-panel__error" />
        <button type="submit" className="button button--primary" disabled={!valid || inFlight}>
          {e.save}
        </button>
      </form>
    </>
  );
}
