-- The initial consonants (초성) of a text, for search: each complete Hangul syllable (가-힣) becomes its initial
-- consonant as a compatibility jamo (푸른 크리스탈: ㅍㄹ ㅋㄹㅅㅌ), as es-hangul's getChoseong reads it; every
-- other character stays. Immutable, so a generated column can use it.
CREATE FUNCTION hangul_choseong(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT coalesce(string_agg(
    CASE WHEN ch BETWEEN '가' AND '힣'
      THEN substr('ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ', (ascii(ch) - 44032) / 588 + 1, 1)
      ELSE ch END, '' ORDER BY position), '')
  FROM unnest(string_to_array(input, NULL)) WITH ORDINALITY AS chars(ch, position)
$$;
