import { FormData as UndiciFormData } from 'undici';
import type {
  CloseFriendCandidateJson,
  HiddenStoryMemberJson,
  HighlightCreateInput,
  HighlightJson,
  StoryCreateInput,
  StoryGroupJson,
  StoryJson,
  StoryListJson,
  StoryReactionInput,
  StoryReactionJson,
  StoryStatsJson,
  StoryUpdateInput,
  StoryViewInput,
  StoryViewJson,
} from '../../../../domain/stories.js';
import { withTypedRefusals } from '../../graphql/errors.js';
import type { Caller, UpstreamClient } from '../../upstream/client.js';

/** The stories REST API (002 §7.4) for one request's caller. */
export class StoriesApi {
  constructor(
    private readonly client: UpstreamClient,
    private readonly caller: Caller,
  ) {}

  groups(page: number, pageSize: number): Promise<StoryListJson<StoryGroupJson>> {
    return this.client.get('/api/stories/groups', this.caller, { page, page_size: pageSize });
  }

  story(id: number): Promise<StoryJson> {
    return this.client.get(`/api/stories/${id}`, this.caller);
  }

  memberStories(userId: number): Promise<StoryJson[]> {
    return this.client.get(`/api/stories/user/${userId}`, this.caller);
  }

  async memberHighlights(userId: number): Promise<HighlightJson[]> {
    return (await this.client.get<{ results: HighlightJson[] }>(`/api/stories/highlights/user/${userId}`, this.caller)).results;
  }

  viewers(storyId: number, page: number, pageSize: number): Promise<StoryListJson<StoryViewJson>> {
    return withTypedRefusals(this.client.get(`/api/stories/${storyId}/viewers`, this.caller, { page, page_size: pageSize }));
  }

  reactions(storyId: number, page: number, pageSize: number): Promise<StoryListJson<StoryReactionJson>> {
    return withTypedRefusals(this.client.get(`/api/stories/${storyId}/reactions`, this.caller, { page, page_size: pageSize }));
  }

  stats(storyId: number): Promise<StoryStatsJson> {
    return withTypedRefusals(this.client.get(`/api/stories/${storyId}/stats`, this.caller));
  }

  /**
   * Sends the story as multipart: Yoga has already parsed the upload into a web File, whose bytes go to
   * undici's own FormData (as the community image upload does); list and object fields as JSON text.
   */
  async create(file: File, input: StoryCreateInput, idempotencyKey?: string): Promise<StoryJson> {
    const form = new UndiciFormData();
    form.append('media', new Blob([await file.arrayBuffer()], { type: file.type }), file.name || 'media');
    for (const [key, value] of Object.entries(input)) {
      if (value === undefined || value === null) continue;
      form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
    return withTypedRefusals(this.client.multipart('POST', '/api/stories/create', { ...this.caller, idempotencyKey }, form as unknown as FormData));
  }

  update(id: number, input: StoryUpdateInput): Promise<StoryJson> {
    return withTypedRefusals(this.client.request('PUT', `/api/stories/${id}`, this.caller, undefined, input));
  }

  remove(id: number): Promise<void> {
    return withTypedRefusals(this.client.request('DELETE', `/api/stories/${id}`, this.caller));
  }

  view(id: number, input: StoryViewInput): Promise<StoryViewJson> {
    return withTypedRefusals(this.client.request('POST', `/api/stories/${id}/view`, this.caller, undefined, input));
  }

  react(id: number, input: StoryReactionInput): Promise<StoryReactionJson> {
    return withTypedRefusals(this.client.request('POST', `/api/stories/${id}/reactions`, this.caller, undefined, input));
  }

  removeReaction(id: number, reactionId: number): Promise<void> {
    return withTypedRefusals(this.client.request('DELETE', `/api/stories/${id}/reactions/${reactionId}`, this.caller));
  }

  /** Takes back the caller's own like, found through the story (nothing to do when there is none). */
  async unlike(id: number): Promise<void> {
    const { likeId } = await withTypedRefusals(this.story(id));
    if (likeId !== null) await this.removeReaction(id, likeId);
  }

  createHighlight(input: HighlightCreateInput): Promise<HighlightJson> {
    return withTypedRefusals(this.client.request('POST', '/api/stories/highlights', this.caller, undefined, input));
  }

  deleteHighlight(id: number): Promise<void> {
    return withTypedRefusals(this.client.request('DELETE', `/api/stories/highlights/${id}`, this.caller));
  }

  report(id: number, reason: string): Promise<{ id: number; created_at: string }> {
    return withTypedRefusals(this.client.request('POST', `/api/stories/${id}/report`, this.caller, undefined, { reason }));
  }

  hide(userId: number): Promise<void> {
    return withTypedRefusals(this.client.request('POST', '/api/stories/hide', this.caller, undefined, { userId }));
  }

  unhide(userId: number): Promise<void> {
    return withTypedRefusals(this.client.request('DELETE', `/api/stories/hide/${userId}`, this.caller));
  }

  async closeFriends(): Promise<number[]> {
    return (await this.client.get<{ results: number[] }>('/api/stories/close-friends', this.caller)).results;
  }

  closeFriendCandidates(query: string | undefined, page: number, pageSize: number): Promise<StoryListJson<CloseFriendCandidateJson>> {
    return withTypedRefusals(
      this.client.get('/api/stories/close-friends/candidates', this.caller, { page, page_size: pageSize, ...(query ? { q: query } : {}) }),
    );
  }

  hidden(page: number, pageSize: number): Promise<StoryListJson<HiddenStoryMemberJson>> {
    return this.client.get('/api/stories/hidden', this.caller, { page, page_size: pageSize });
  }

  async setCloseFriends(userIds: number[]): Promise<number[]> {
    return (await withTypedRefusals(this.client.request<{ results: number[] }>('PUT', '/api/stories/close-friends', this.caller, undefined, { userIds })))
      .results;
  }
}

declare module '../../graphql/context.js' {
  interface GatewayContext {
    /** The stories calls for this request's caller. */
    stories: StoriesApi;
  }
}
