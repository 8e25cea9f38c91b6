import type { LoaderFunctionArgs } from 'react-router-dom';
import MyPageQuery, { type MyPageQuery as MyPageQueryType } from '../__generated__/MyPageQuery.graphql';
import MemberProfilePageQuery, { type MemberProfilePageQuery as MemberProfilePageQueryType } from '../__generated__/MemberProfilePageQuery.graphql';
import ProfileEditPageQuery, { type ProfileEditPageQuery as ProfileEditPageQueryType } from '../__generated__/ProfileEditPageQuery.graphql';
import SettingsPageQuery, { type SettingsPageQuery as SettingsPageQueryType } from '../__generated__/SettingsPageQuery.graphql';
import { loadRouteQuery } from '../relay/loadRouteQuery';

export const myLoader = () => loadRouteQuery<MyPageQueryType>('my', MyPageQuery, {});
export const profileEditLoader = () => loadRouteQuery<ProfileEditPageQueryType>('my-profile-edit', ProfileEditPageQuery, {});
export const settingsLoader = () => loadRouteQuery<SettingsPageQueryType>('my-settings', SettingsPageQuery, {});
export function memberProfileLoader({ params }: LoaderFunctionArgs) {
  return loadRouteQuery<MemberProfilePageQueryType>('member-profile', MemberProfilePageQuery, { id: params.id ?? '' });
}
