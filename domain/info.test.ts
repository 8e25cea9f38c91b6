import { describe, expect, it } from 'vitest';
import { infoTexts, withTopicParticle } from './texts/info.js';

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
