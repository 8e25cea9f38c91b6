import type { RouteLoaderArgs } from '../app/routing/navigation';
import MyPageQuery from '../__generated__/MyPageQuery$parameters';
import type { MyPageQuery as MyPageQueryType } from '../__generated__/MyPageQuery.graphql';
import FollowListPageQuery from '../__generated__/FollowListPageQuery$parameters';
import type { FollowListPageQuery as FollowListPageQueryType } from '../__generated__/FollowListPageQuery.graphql';
import MemberProfilePageQuery from '../__generated__/MemberProfilePageQuery$parameters';
import type { MemberProfilePageQuery as MemberProfilePageQueryType } from '../__generated__/MemberProfilePageQuery.graphql';
import MemberSearchPageQuery from '../__generated__/MemberSearchPageQuery$parameters';
import type { MemberSearchPageQuery as MemberSearchPageQueryType } from '../__generated__/MemberSearchPageQuery.graphql';
import ProfileDetailPageQuery from '../__generated__/ProfileDetailPageQuery$parameters';
import type { ProfileDetailPageQuery as ProfileDetailPageQueryType } from '../__generated__/ProfileDetailPageQuery.graphql';
import ProfileEditPageQuery from '../__generated__/ProfileEditPageQuery$parameters';
import type { ProfileEditPageQuery as ProfileEditPageQueryType } from '../__generated__/ProfileEditPageQuery.graphql';
import SettingsPageQuery from '../__generated__/SettingsPageQuery$parameters';
import type { SettingsPageQuery as SettingsPageQueryType } from '../__generated__/SettingsPageQuery.graphql';
import { loadRouteQuery } from '../app/relay/loadRouteQuery';
import { memberSearchProblem } from './memberSearch';
import { loadIncrementalReader } from '../app/relay/fetchGraphQL';
import { routeNodeId } from '../app/relay/routeIds';

export const myLoader = () => loadRouteQuery<MyPageQueryType>(MyPageQuery, {});
export function profileDetailLoader() {
  // The query defers the activities: the reader of its parts downloads beside it.
  void loadIncrementalReader();
  return loadRouteQuery<ProfileDetailPageQueryType>(ProfileDetailPageQuery, {});
}
export const profileEditLoader = () => loadRouteQuery<ProfileEditPageQueryType>(ProfileEditPageQuery, {});
export const settingsLoader = () => loadRouteQuery<SettingsPageQueryType>(SettingsPageQuery, {});
export function memberProfileLoader({ params }: RouteLoaderArgs) {
  return loadRouteQuery<MemberProfilePageQueryType>(MemberProfilePageQuery, { id: routeNodeId(params.id ?? '', 'User') });
}
/** No query until there is something to look for, nor for a term the gateway would refuse (the page says why). */
export function memberSearchLoader({ request }: RouteLoaderArgs) {
  const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
  return memberSearchProblem(q) === null ? loadRouteQuery<MemberSearchPageQueryType>(MemberSearchPageQuery, { q }) : null;
}
/** `/users/:id/followers` or `/users/:id/following`, told apart by the last path segment. */
export function followListLoader({ params, request }: RouteLoaderArgs) {
  const followers = new URL(request.url).pathname.endsWith('/followers');
  return loadRouteQuery<FollowListPageQueryType>(FollowListPageQuery, { id: routeNodeId(params.id ?? '', 'User'), followers });
}
