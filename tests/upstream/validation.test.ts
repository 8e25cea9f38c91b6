import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE_MAX, PAGE_SIZE_MIN, SEARCH_MIN_LENGTH, TAGS_MAX } from '../../domain/community.js';
import { validationTexts } from '../../domain/messages.js';
import { backends, startUpstream, type RunningUpstream } from '../helpers/upstream.js';
import { getJson, ISO_TIMESTAMP } from './support.js';

describe.each(backends())('422 for bad list parameters (%s)', (backend) => {
  let upstream: RunningUpstream;
  beforeAll(async () => {
    upstream = await startUpstream({ backend, seed: false });
  });
  afterAll(async () => upstream?.stop());

  const expectIssues = async (query: string, details: { path: string; message: string; code: string }[]) => {
    const path = `/v1/community/?${query}`;
    const answer = await getJson(`${upstream.url}${path}`);
    expect(answer.status, query).toBe(422);
    expect(answer.body, query).toEqual({
      code: 'VALIDATION_ERROR',
      status: 422,
      message: `데이터 검증 실패: ${details.length}개의 오류가 발견되었습니다`,
      path,
      timestamp: expect.stringMatching(ISO_TIMESTAMP),
      details,
    });
  };

  it('page=0', async () => {
    await expectIssues('page=0', [{ path: 'page', message: validationTexts.page, code: 'too_small' }]);
    await expectIssues('page=abc', [{ path: 'page', message: validationTexts.page, code: 'invalid_type' }]);
  });

  it('page_size=101 and page_size=0', async () => {
    const message = validationTexts.pageSize(PAGE_SIZE_MIN, PAGE_SIZE_MAX);
    await expectIssues(`page_size=${PAGE_SIZE_MAX + 1}`, [{ path: 'page_size', message, code: 'too_big' }]);
    await expectIssues('page_size=0', [{ path: 'page_size', message, code: 'too_small' }]);
  });

  it('order=up', async () => {
    await expectIssues('order=up', [{ path: 'order', message: validationTexts.order, code: 'invalid_value' }]);
  });

  it('several at once: one detail per issue, counted in the message', async () => {
    await expectIssues('page=0&page_size=101&order=up', [
      { path: 'page', message: validationTexts.page, code: 'too_small' },
      { path: 'page_size', message: validationTexts.pageSize(PAGE_SIZE_MIN, PAGE_SIZE_MAX), code: 'too_big' },
      { path: 'order', message: validationTexts.order, code: 'invalid_value' },
    ]);
  });

  it('the other parameters, each with its own message', async () => {
    await expectIssues('sort=random', [{ path: 'sort', message: validationTexts.sort, code: 'invalid_value' }]);
    await expectIssues('ordering=-password', [{ path: 'ordering', message: validationTexts.ordering, code: 'custom' }]);
    await expectIssues('post_type=poem', [{ path: 'post_type', message: validationTexts.postType, code: 'invalid_value' }]);
    await expectIssues('trade_type=gift', [{ path: 'trade_type', message: validationTexts.tradeType, code: 'invalid_value' }]);
    await expectIssues('is_sold=maybe', [{ path: 'is_sold', message: validationTexts.boolean, code: 'invalid_value' }]);
    await expectIssues('category=-3', [{ path: 'category', message: validationTexts.id, code: 'too_small' }]);
    await expectIssues('author_id=x', [{ path: 'author_id', message: validationTexts.id, code: 'invalid_type' }]);
    await expectIssues('date_from=yesterday', [{ path: 'date_from', message: validationTexts.date, code: 'custom' }]);
    await expectIssues('price_min=-1', [{ path: 'price_min', message: validationTexts.price, code: 'too_small' }]);
    await expectIssues('price_min=500&price_max=100', [{ path: 'price_min', message: validationTexts.priceRange, code: 'custom' }]);
    await expectIssues('date_from=2024-05-02&date_to=2024-05-01', [{ path: 'date_from', message: validationTexts.dateRange, code: 'custom' }]);
    await expectIssues(`search=${encodeURIComponent(' 가 ')}`, [{ path: 'search', message: validationTexts.searchMin(SEARCH_MIN_LENGTH), code: 'too_small' }]);
    const tooManyTags = Array.from({ length: TAGS_MAX + 1 }, (_, i) => `t${i}`).join(',');
    await expectIssues(`tags=${tooManyTags}`, [{ path: 'tags', message: validationTexts.tags(TAGS_MAX), code: 'too_big' }]);
  });

  it('accepts every parameter when valid', async () => {
    const query =
      'page=1&page_size=5&post_type=trade&category=29&sub_category=15&search=%ED%8F%AC%EC%85%98&author_id=1&target_user_id=1' +
      '&sort=price&order=asc&ordering=-price&date_from=2024-01-01&date_to=2030-12-31T23:59:59Z&is_sold=false&trade_type=sell' +
      '&price_min=0&price_max=100000&tags=a,b';
    const answer = await getJson(`${upstream.url}/v1/community/?${query}`);
    expect(answer.status).toBe(200);
    expect(answer.body.results).toEqual([]);
  });
});
