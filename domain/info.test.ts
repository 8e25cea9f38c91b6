import { describe, expect, it } from 'vitest';
import { messagingTexts } from './texts/messaging.js';
import { infoTexts, objectParticle, withDirectionParticle, withTopicParticle } from './texts/info.js';
import { itemTexts } from './messages.js';

describe('the in-the-app screens say their feature with the right particle', () => {
  it('takes 은 after a final consonant and 는 after a vowel', () => {
    expect(withTopicParticle('미션')).toBe('미션은');
    expect(withTopicParticle('채널')).toBe('채널은');
    expect(withTopicParticle('마켓')).toBe('마켓은');
    expect(withTopicParticle('아케이드')).toBe('아케이드는');
    expect(withTopicParticle('Slime')).toBe('Slime은(는)');
  });

  it('never leaves the neutral 은(는) in a feature the web names', () => {
    for (const feature of [infoTexts.inTheApp.channel, infoTexts.inTheApp.market, infoTexts.inTheApp.arcade, infoTexts.inTheApp.mission]) {
      expect(infoTexts.inTheApp.text(feature)).not.toContain('은(는)');
    }
  });
});

describe('inquiry statuses take 로 or 으로 as the word ends', () => {
  it('takes 로 after a vowel or ㄹ and 으로 after any other final consonant', () => {
    expect(withDirectionParticle('해결')).toBe('해결로');
    expect(withDirectionParticle('종료')).toBe('종료로');
    expect(withDirectionParticle('처리 중')).toBe('처리 중으로');
    expect(withDirectionParticle('접수')).toBe('접수로');
    expect(withDirectionParticle('서울')).toBe('서울로');
    expect(withDirectionParticle('부산')).toBe('부산으로');
    expect(withDirectionParticle('Slime')).toBe('Slime(으)로');
  });

  it('says every status change with the right particle, never the neutral (으)로', () => {
    const { inquiryStatusLabels: labels, inquiryStatusForm, inquiryStatusChanged, statusTransition } = messagingTexts;
    expect(inquiryStatusForm.saved(labels.resolved)).toBe('문의 상태를 해결로 바꿨습니다.');
    expect(inquiryStatusChanged(labels.in_progress)).toBe('문의 상태가 처리 중으로 바뀌었습니다.');
    expect(statusTransition(labels.pending, labels.closed)).toBe('문의 상태를 접수에서 종료로 바꿀 수 없습니다.');
    for (const label of Object.values(labels)) {
      for (const text of [inquiryStatusForm.saved(label), inquiryStatusChanged(label), statusTransition(labels.pending, label)])
        expect(text).not.toContain('(으)로');
    }
  });

  it('puts 을 after a final consonant and 를 after a vowel, so a wish’s delete question reads right', () => {
    expect(objectParticle('슬라임 검')).toBe('을');
    expect(objectParticle('슬라임 방패')).toBe('를');
    expect(objectParticle('풍차 23호')).toBe('를');
    expect(objectParticle('Slime')).toBe('을(를)');
    expect(itemTexts.wishEdit.removeConfirm('슬라임 방패')).toBe('슬라임 방패를 삭제하시겠습니까?');
  });
});
