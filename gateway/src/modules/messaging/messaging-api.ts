import type {
  AdminSendJson,
  DeletedJson,
  InquiryDetailJson,
  InquiryListJson,
  MarkReadJson,
  NoticeJson,
  NoticeListJson,
  NotificationJson,
  NotificationListJson,
  NotificationSettingsJson,
  NotificationStatsJson,
} from '../../../../domain/messaging.js';
import { FormData } from 'undici';
import { withTypedRefusals } from '../../graphql/errors.js';
import type { Caller, QueryValue, UpstreamClient } from '../../upstream/client.js';
import { ReadAhead } from '../../upstream/read-ahead.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** 403, 404 and 409 are expected answers here: typed, with the upstream's Korean message. */
const REFUSALS = [403, 404, 409] as const;

/** A file attached to a notice or an inquiry, read whole from the GraphQL multipart request. */
export interface AttachedFile {
  name: string;
  type: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** The key of an unfiltered inbox page (`page` and `pageSize` only); undefined for any other read. */
function inboxPageKey(query: Record<string, QueryValue>): string | undefined {
  const given = Object.entries(query).filter(([, value]) => value !== undefined);
  if (given.length !== 2 || query.page === undefined || query.pageSize === undefined) return undefined;
  return `${query.page}:${query.pageSize}`;
}

/** Notifications, notices and inquiries (001 §7) for one caller. */
export class MessagingApi {
  /** Inbox pages started ahead of their field (`prefetchNotifications`). */
  private readonly inboxAhead = new ReadAhead<NotificationListJson>();

  constructor(
    private readonly client: UpstreamClient,
    private readonly caller: Caller,
  ) {}

  private call<T>(method: Method, path: string, query?: Record<string, QueryValue>, body?: unknown, idempotencyKey?: string): Promise<T> {
    return withTypedRefusals(this.client.request<T>(method, path, { ...this.caller, idempotencyKey }, query, body), REFUSALS);
  }

  notifications(query: Record<string, QueryValue>): Promise<NotificationListJson> {
    return this.inboxAhead.take(inboxPageKey(query)) ?? this.call('GET', '/v1/user/notification/', query);
  }

  /**
   * Starts reading a page of the caller's whole inbox now, for the `notifications` field that will ask it once the
   * viewer is read: the inbox waits for the slower of the two reads, not for both in turn.
   */
  prefetchNotifications(page: number, pageSize: number): void {
    this.inboxAhead.start(inboxPageKey({ page, pageSize })!, () => this.call('GET', '/v1/user/notification/', { page, pageSize }));
  }

  notification(id: string): Promise<NotificationJson> {
    return this.call('GET', `/v1/user/notification/${encodeURIComponent(id)}/`);
  }

  markRead(ids: string[] | 'all'): Promise<MarkReadJson> {
    return this.call('POST', '/v1/user/notification/mark-read/', undefined, ids === 'all' ? { markAll: true } : { notificationIds: ids });
  }

  deleteNotification(id: string): Promise<DeletedJson> {
    return this.call('DELETE', `/v1/user/notification/${encodeURIComponent(id)}/`);
  }

  deleteNotifications(readOnly: boolean): Promise<DeletedJson> {
    return this.call('DELETE', '/v1/user/notification/all/', { readOnly });
  }

  settings(): Promise<NotificationSettingsJson> {
    return this.call('GET', '/v1/user/notification/settings/');
  }

  updateSettings(patch: unknown): Promise<NotificationSettingsJson> {
    return this.call('PATCH', '/v1/user/notification/settings/', undefined, patch);
  }

  stats(): Promise<NotificationStatsJson> {
    return this.call('GET', '/v1/user/notification/stats/');
  }

  sendAdminNotification(payload: unknown): Promise<AdminSendJson> {
    return this.call('POST', '/v1/admin/notification/send/', undefined, payload);
  }

  notices(query: Record<string, QueryValue>): Promise<NoticeListJson> {
    return this.call('GET', '/v1/board/notice/', query);
  }

  notice(uuid: string): Promise<NoticeJson> {
    return this.call('GET', `/v1/board/notice/${encodeURIComponent(uuid)}/`);
  }

  /** The fields as JSON, or as multipart form data with `attachments[i]` when files come along (001 §7). */
  private write<T>(method: 'POST' | 'PATCH', path: string, fields: Record<string, unknown>, files: AttachedFile[], idempotencyKey?: string): Promise<T> {
    if (files.length === 0) return this.call(method, path, undefined, fields, idempotencyKey);
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      form.append(key, Array.isArray(value) ? value.join(',') : String(value));
    }
    files.forEach((file, index) => form.append(`attachments[${index}]`, new Blob([file.bytes], { type: file.type }), file.name));
    return this.call(method, path, undefined, form, idempotencyKey);
  }

  writeNotice(method: 'POST' | 'PATCH', uuid: string | null, fields: Record<string, unknown>, files: AttachedFile[]): Promise<NoticeJson> {
    return this.write(method, uuid ? `/v1/board/notice/${encodeURIComponent(uuid)}/` : '/v1/board/notice/', fields, files);
  }

  deleteNotice(uuid: string): Promise<{ id: string; message: string }> {
    return this.call('DELETE', `/v1/board/notice/${encodeURIComponent(uuid)}/`);
  }

  inquiries(query: Record<string, QueryValue>): Promise<InquiryListJson> {
    return this.call('GET', '/v1/inquiry/', query);
  }

  inquiry(id: number): Promise<InquiryDetailJson> {
    return this.call('GET', `/v1/inquiry/${id}/`);
  }

  createInquiry(fields: Record<string, unknown>, files: AttachedFile[], idempotencyKey?: string): Promise<InquiryDetailJson> {
    return this.write('POST', '/v1/inquiry/', fields, files, idempotencyKey);
  }

  addInquiryComment(id: number, comment: string): Promise<InquiryDetailJson> {
    return this.call('POST', `/v1/inquiry/${id}/comments/`, undefined, { comment });
  }

  setInquiryStatus(id: number, payload: unknown): Promise<InquiryDetailJson> {
    return this.call('PATCH', `/v1/inquiry/${id}/`, undefined, payload);
  }

  rateInquiry(id: number, score: number): Promise<InquiryDetailJson> {
    return this.call('POST', `/v1/inquiry/${id}/satisfaction/`, undefined, { score });
  }
}

declare module '../../graphql/context.js' {
  interface GatewayContext {
    /** The notification, notice and inquiry calls for this request's caller. */
    messaging: MessagingApi;
  }
}
