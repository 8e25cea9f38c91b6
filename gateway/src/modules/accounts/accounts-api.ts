import type { PageJson, UserSummaryJson } from '../../../../domain/api.js';
import type {
  ActivityJson,
  BlockedUserJson,
  FollowResultJson,
  LoginResultJson,
  ResetLinkCheckJson,
  UserBadgeJson,
  UserProfileJson,
} from '../../../../domain/account.js';
import type { SocialProvider } from '../../../../domain/limits.js';
import { FormData as UndiciFormData } from 'undici';
import { withTypedRefusals } from '../../graphql/errors.js';
import type { Caller, UpstreamClient } from '../../upstream/client.js';
import type { SessionRefreshes } from './session-refreshes.js';

export interface PageArgs {
  page: number;
  pageSize: number;
}

/**
 * The account calls of 001 §7 for one caller (one instance per GraphQL request). The upstream's 400, 403
 * and 409 answers become typed errors the mutations declare.
 */
export class AccountsApi {
  constructor(
    private readonly client: UpstreamClient,
    private readonly caller: Caller,
    private readonly refreshes: SessionRefreshes,
  ) {}

  private call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, query?: Record<string, string | number>): Promise<T> {
    return withTypedRefusals(this.client.request<T>(method, path, this.caller, query, body), [400, 403, 409]);
  }

  private page<T>(path: string, { page, pageSize }: PageArgs, extra: Record<string, string> = {}): Promise<PageJson<T>> {
    return this.call('GET', path, undefined, { ...extra, page, page_size: pageSize });
  }

  loginWithPassword(input: { email: string; password: string; rememberMe: boolean }): Promise<LoginResultJson> {
    return this.call('POST', '/v1/user/login/', { ...input, device_id: this.caller.deviceId });
  }

  /** With the caller's session the identity is linked to them; `password` proves a member whose e-mail it has. */
  loginWithProvider(provider: SocialProvider, accessToken: string, password?: string): Promise<LoginResultJson> {
    return this.call('POST', `/v1/user/${provider}/login/`, {
      access_token: accessToken,
      device_id: this.caller.deviceId,
      ...(password === undefined ? {} : { password }),
    });
  }

  async loginProviders(): Promise<{ provider: SocialProvider; enabled: boolean; client_id: string | null }[]> {
    return (await this.call<{ providers: { provider: SocialProvider; enabled: boolean; client_id: string | null }[] }>('GET', '/v1/user/social/providers/'))
      .providers;
  }

  register(input: Record<string, unknown>): Promise<LoginResultJson> {
    return this.call('POST', '/auth/register', input);
  }

  async logout(): Promise<void> {
    await this.call('POST', '/auth/logout');
  }

  /**
   * Concurrent refreshes of one refresh token share one upstream call and its new session (SessionRefreshes). The
   * shared call does not follow this request's signal: a rotation the upstream made must reach the others waiting.
   */
  refresh(refreshToken: string): Promise<LoginResultJson> {
    const caller: Caller = { ...this.caller, signal: undefined };
    return this.refreshes.session(refreshToken, () =>
      withTypedRefusals(this.client.request<LoginResultJson>('POST', '/auth/refresh', caller, undefined, { refreshToken }), [400, 403, 409]),
    );
  }

  /** The caller's own profile; null for a guest (no upstream call). */
  async me(): Promise<UserProfileJson | null> {
    if (!this.caller.token) return null;
    return this.call('GET', '/users/me');
  }

  profile(id: number): Promise<UserProfileJson> {
    return this.call('GET', `/v1/user/${id}/`);
  }

  updateProfile(input: Record<string, unknown>): Promise<UserProfileJson> {
    return this.call('PUT', '/users/me', input);
  }

  /** The picture goes on as a multipart `image` part; the upstream checks its bytes. */
  async uploadProfileImage(file: File): Promise<UserProfileJson> {
    // undici's own FormData: the pool serializes it (Node's built-in one comes from another undici copy).
    const form = new UndiciFormData();
    form.append('image', new Blob([await file.arrayBuffer()], { type: file.type }), file.name || 'image');
    return this.client.multipart('POST', '/users/me/profile-image', this.caller, form as unknown as FormData);
  }

  deleteProfileImage(): Promise<UserProfileJson> {
    return this.call('DELETE', '/users/me/profile-image');
  }

  async changePassword(input: { currentPassword: string; newPassword: string; newPasswordConfirm: string }): Promise<void> {
    await this.call('PUT', '/users/me/password', input);
  }

  async requestPasswordReset(email: string): Promise<void> {
    await this.call('POST', '/auth/reset-password', { email });
  }

  checkPasswordResetLink(token: string): Promise<ResetLinkCheckJson> {
    return this.call('POST', '/auth/reset-password/check', { token });
  }

  /** The new password is set and the member logged in: the answer is a session, as a login's. */
  confirmPasswordReset(input: { token: string; newPassword: string; newPasswordConfirm: string }): Promise<LoginResultJson & { success: boolean }> {
    return this.call('POST', '/auth/reset-password/confirm', input);
  }

  async requestEmailVerification(): Promise<void> {
    await this.call('POST', '/auth/verify-email/request');
  }

  confirmEmailVerification(token: string): Promise<{ success: boolean; verifiedAt: string }> {
    return this.call('POST', '/auth/verify-email/confirm', { token });
  }

  async deleteAccount(password: string): Promise<void> {
    await this.call('DELETE', '/users/me', { password });
  }

  follow(id: number): Promise<FollowResultJson> {
    return this.call('POST', `/users/${id}/follow`);
  }

  unfollow(id: number): Promise<FollowResultJson> {
    return this.call('DELETE', `/users/${id}/follow`);
  }

  async unblock(id: number): Promise<void> {
    await this.call('DELETE', `/users/${id}/block`);
  }

  followers(id: number, page: PageArgs): Promise<PageJson<UserSummaryJson>> {
    return this.page(`/users/${id}/followers`, page);
  }

  following(id: number, page: PageArgs): Promise<PageJson<UserSummaryJson>> {
    return this.page(`/users/${id}/following`, page);
  }

  blocked(page: PageArgs): Promise<PageJson<BlockedUserJson>> {
    return this.page('/users/me/blocked', page);
  }

  activities(id: number | 'me', page: PageArgs): Promise<PageJson<ActivityJson>> {
    return this.page(`/users/${id}/activities`, page);
  }

  search(q: string, page: PageArgs): Promise<PageJson<UserSummaryJson>> {
    return this.page('/users/search', page, { q });
  }

  /**
   * Public: sent without the caller's token, as 001 §7 prescribes for the badge call; `asCaller` (the caller's
   * own badges) sends it, since a private profile shows guests only its represented badge.
   */
  badges(userId: number, asCaller = false): Promise<UserBadgeJson[]> {
    return this.client.getShared(`/v1/user/${userId}/badge/`, asCaller ? this.caller : { ...this.caller, token: undefined });
  }
}

declare module '../../graphql/context.js' {
  interface GatewayContext {
    /** The account calls for this request's caller. */
    accounts: AccountsApi;
  }
}
