// One group of the product's Korean texts; domain/messages.ts re-exports every group (import from there).

import { withDirectionParticle } from './info.js';

/** A post's title inside a notification's one-line title, cut so that the notice stays a line or two. */
const NOTICE_POST_TITLE_LENGTH = 20;
const DELETE = '삭제';
const quotedTitle = (title: string) => `'${title.length > NOTICE_POST_TITLE_LENGTH ? `${title.slice(0, NOTICE_POST_TITLE_LENGTH)}…` : title}'`;

/** Notifications, notices and inquiries (001 §3-§9; the spec shows no texts of its own for their errors). */
export const messagingTexts = {
  notificationIdsRequired: '읽음 처리할 알림을 선택해주세요.',
  notificationId: '올바른 알림 ID가 아닙니다.',
  markedRead: (count: number) => `${count}개의 알림을 읽음 처리했습니다.`,
  deleted: (count: number) => `${count}개의 알림을 삭제했습니다.`,
  notificationNotFound: '알림을 찾을 수 없습니다.',
  quietHoursTime: '시간은 HH:MM 형식(24시간)으로 입력해주세요.',
  notificationType: '알 수 없는 알림 유형입니다.',
  notificationPriority: '알 수 없는 알림 중요도입니다.',
  adminTitle: (max: number) => `제목은 1자 이상 ${max}자 이하로 입력해주세요.`,
  adminContent: (max: number) => `내용은 1자 이상 ${max}자 이하로 입력해주세요.`,
  targetUsers: '받는 사람은 "all" 또는 회원 ID 목록이어야 합니다.',
  url: '올바른 URL을 입력해주세요.',
  dateTime: '올바른 날짜와 시간을 입력해주세요.',
  sent: (count: number) => `${count}명에게 알림을 보냈습니다.`,
  staffOnly: '관리자만 사용할 수 있습니다.',
  noticeTitle: (max: number) => `공지 제목은 1자 이상 ${max}자 이하로 입력해주세요.`,
  noticeContent: (max: number) => `공지 내용은 1자 이상 ${max}자 이하로 입력해주세요.`,
  noticeCategory: '알 수 없는 공지 분류입니다.',
  noticeSort: '정렬 기준은 createdAt, updatedAt, viewCount, title 중 하나여야 합니다.',
  noticeDates: '종료일은 시작일 이후여야 합니다.',
  noticeNotFound: '공지사항을 찾을 수 없습니다.',
  noticeDeleted: '공지사항이 삭제되었습니다.',
  tooManyAttachments: (max: number) => `첨부 파일은 최대 ${max}개까지 올릴 수 있습니다.`,
  attachmentNotFound: '삭제할 첨부 파일을 찾을 수 없습니다.',
  /** A notice form's check box beside a current attachment: ticked, saving takes the file off. */
  removeAttachment: (fileName: string) => `${fileName} 삭제`,
  attachmentTooLarge: (megabytes: number) => `첨부 파일은 하나에 ${megabytes}MB 이하만 올릴 수 있습니다.`,
  inquiryTitle: (max: number) => `문의 제목은 1자 이상 ${max}자 이하로 입력해주세요.`,
  inquiryContent: (min: number, max: number) => `문의 내용은 ${min}자 이상 ${max}자 이하로 입력해주세요.`,
  inquiryCategory: '문의 유형을 선택해주세요.',
  inquiryPriority: '알 수 없는 문의 중요도입니다.',
  inquiryStatus: '알 수 없는 문의 상태입니다.',
  /** An inquiry's follow-up: the member's further question, or staff's answer. */
  inquiryComment: (max: number) => `추가 문의나 답변은 1자 이상 ${max}자 이하로 입력해주세요.`,
  resolution: (max: number) => `처리 내용은 ${max}자 이하로 입력해주세요.`,
  internalNotes: (max: number) => `내부 메모는 ${max}자 이하로 입력해주세요.`,
  /** `from` and `to` are the Korean labels of `inquiryStatusLabels`. */
  statusTransition: (from: string, to: string) => `문의 상태를 ${from}에서 ${withDirectionParticle(to)} 바꿀 수 없습니다.`,
  satisfaction: (max: number) => `만족도는 0에서 ${max} 사이의 정수여야 합니다.`,
  satisfactionTooEarly: '해결된 문의에만 만족도를 남길 수 있습니다.',
  inquiryNotFound: '문의를 찾을 수 없습니다.',
  /** An inquiry file's address without a valid signature, or past its expiry (uploads/signed-media.ts). */
  inquiryFileLinkExpired: '파일 주소가 만료되었거나 올바르지 않습니다. 문의를 다시 열어 파일을 받아주세요.',
  inquiryClosed: '종료된 문의에는 댓글을 남길 수 없습니다.',
  /** Notification texts the upstream writes when events happen. */
  /** `postTitle` names the post (cut short), so that several such notices tell their posts apart. */
  replyOnPost: (nickname: string, postTitle: string) => `${nickname}님이 회원님의 게시글 ${quotedTitle(postTitle)}에 댓글을 남겼습니다.`,
  replyOnReply: (nickname: string, postTitle: string) => `${nickname}님이 ${quotedTitle(postTitle)}의 회원님 댓글에 답글을 남겼습니다.`,
  likeOnPost: (nickname: string) => `${nickname}님이 회원님의 게시글을 좋아합니다.`,
  followed: (nickname: string) => `${nickname}님이 회원님을 팔로우합니다.`,
  mentioned: (nickname: string, postTitle: string) => `${nickname}님이 ${quotedTitle(postTitle)}에서 회원님을 언급했습니다.`,
  storyLiked: (nickname: string) => `${nickname}님이 회원님의 스토리를 좋아합니다.`,
  storyEmoji: (nickname: string, emoji: string) => `${nickname}님이 회원님의 스토리에 ${emoji} 반응을 보냈습니다.`,
  storyMessage: (nickname: string) => `${nickname}님이 회원님의 스토리에 메시지를 보냈습니다.`,
  inquiryAnswered: '문의에 답변이 등록되었습니다.',
  /** What staff hear of a new inquiry and of its author's follow-up. */
  inquiryReceived: '새 문의가 접수되었습니다.',
  inquiryFollowedUp: '문의에 추가 내용이 등록되었습니다.',
  inquiryStatusChanged: (status: string) => `문의 상태가 ${withDirectionParticle(status)} 바뀌었습니다.`,
  /** Web labels. */
  inboxTitle: '알림',
  unread: (count: number) => `읽지 않은 알림 ${count}개`,
  /** Said (not shown) on each unread notification of the inbox: the colour alone tells nobody who cannot see it. */
  unreadMark: '읽지 않음',
  /** Told politely when a notification arrives live. */
  arrived: (title: string) => `새 알림: ${title}`,
  markAllRead: '모두 읽음',
  /** Told (a polite status) once 모두 읽음 is done. */
  allMarkedRead: '모든 알림을 읽음으로 표시했습니다.',
  deleteRead: '읽은 알림 삭제',
  delete: DELETE,
  /**
   * The name of one notification's 삭제: its title and its excerpt, so same-titled rows (one member's replies on one
   * post) are told apart.
   */
  deleteNotification: (title: string, content: string) => `${DELETE}: ${content && content !== title ? `${title}, ${content}` : title}`,
  /** Told (a polite status) once one notification is deleted: its row goes without a word on screen. */
  notificationDeleted: (title: string) => `알림을 삭제했습니다: ${title}`,
  emptyInbox: '알림이 없습니다.',
  /** Below the inbox while older notifications remain. */
  moreNotifications: '이전 알림 더 보기',
  moreNotices: '공지 더 보기',
  moreInquiries: '문의 더 보기',
  noInquiries: '아직 보낸 문의가 없습니다. 궁금한 점이나 불편한 점을 위 양식으로 보내주세요.',
  /** Staff's list (everyone's inquiries, no form) while no member has sent one. */
  noInquiriesForStaff: '아직 들어온 문의가 없습니다.',
  settingsTitle: '알림 설정',
  /** The name of the inbox's links to the notices and inquiries (a navigation landmark). */
  inboxLinks: '공지사항과 문의',
  channelLabels: { email: '이메일', push: '푸시', inApp: '앱 내 알림' } as Record<string, string>,
  typeLabels: {
    system: '시스템',
    comment: '댓글',
    like: '좋아요',
    follow: '팔로우',
    mention: '멘션',
    story: '스토리',
    announcement: '공지',
    event: '이벤트',
    marketing: '마케팅',
    other: '기타',
  } as Record<string, string>,
  quietHours: '방해 금지 시간',
  quietHoursFrom: '시작',
  quietHoursUntil: '종료',
  save: '저장',
  saved: '저장되었습니다.',
  noticesTitle: '공지사항',
  guidesTitle: '가이드',
  guideNotFound: '가이드를 찾을 수 없습니다.',
  noGuides: '아직 가이드가 없습니다.',
  important: '중요',
  pinned: '고정',
  noticeCategoryLabels: { general: '일반', update: '업데이트', maintenance: '점검', event: '이벤트', policy: '정책', guide: '안내', other: '기타' } as Record<
    string,
    string
  >,
  inquiriesTitle: '1:1 문의',
  /** Staff's list and detail name the member who sent an inquiry. */
  inquiryAuthor: (nickname: string) => `작성자 ${nickname}`,
  newInquiry: '문의하기',
  inquiryStatusLabels: { pending: '접수', in_progress: '처리 중', resolved: '해결', closed: '종료' } as Record<string, string>,
  inquiryCategoryLabels: { general: '일반', technical: '기술', account: '계정', payment: '결제', other: '기타' } as Record<string, string>,
  priorityLabel: '중요도',
  inquiryPriorityLabels: { low: '낮음', medium: '보통', high: '높음', urgent: '긴급' } as Record<string, string>,
  // Satisfaction (0-INQUIRY_SATISFACTION_MAX) once the inquiry is resolved or closed.
  satisfactionForm: {
    title: '답변에 만족하셨나요?',
    score: (score: number) => `${score}점`,
    submit: '평가 보내기',
    saved: '평가가 저장되었습니다. 감사합니다.',
    given: (score: number, max: number) => `남긴 평가: ${score}점 / ${max}점`,
  },
  inquiryCreated: '문의가 접수되었습니다.',
  titleLabel: '제목',
  contentLabel: '내용',
  categoryLabel: '분류',
  submit: '보내기',
  /** The box under an inquiry: its author asks further, staff answer. */
  followUpPlaceholder: { author: '추가로 문의할 내용을 입력하세요', staff: '답변을 입력하세요' },
  /** Told (a toast) once a follow-up is sent: the member's further question, or staff's answer. */
  followUpSent: { author: '추가 문의를 보냈습니다.', staff: '답변을 등록했습니다.' },
  /** The inquiry's author sees this until staff have written (or resolved it). */
  notAnsweredYet: '아직 답변이 없습니다. 답변이 등록되면 알림으로 알려드릴게요.',
  /** Beside a follow-up written by staff rather than the inquiry's author. */
  staffAnswer: '운영팀 답변',
  /** Above staff's resolution, as the inquiry's author reads it. */
  resolutionTitle: '처리 내용',
  composeNotification: '알림 보내기',
  writeNotice: '공지 작성',
  attachmentsLabel: '첨부 파일',
  /** The inquiry form's file picker: what may come along with the question. */
  inquiryAttachmentsHint: (max: number, megabytes: number) => `화면 사진이나 영수증을 ${max}개까지 붙일 수 있습니다 (하나에 ${megabytes}MB 이하).`,
  /** The button beside a chosen file, which leaves it out: its accessible name; it shows only ×. */
  leaveOutAttachment: (fileName: string) => `${fileName} 빼기`,
  views: (count: number) => `조회 ${count}`,
  // The staff screen that moves an inquiry one step on (pending → in_progress → resolved → closed)
  inquiryStatusForm: {
    title: '문의 처리',
    open: '처리 상태 바꾸기',
    status: '상태',
    resolution: '처리 내용 (회원에게 보입니다)',
    internalNotes: '내부 메모 (운영자만 봅니다)',
    submit: '저장',
    saved: (status: string) => `문의 상태를 ${withDirectionParticle(status)} 바꿨습니다.`,
    final: '종료된 문의는 상태를 더 바꿀 수 없습니다.',
  },
} as const;
