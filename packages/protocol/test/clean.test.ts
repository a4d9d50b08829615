/** What nicknames and chat lines become before anyone else sees them. */
import { describe, expect, it } from 'vitest';
import {
  chatSchema,
  cleanChatText,
  cleanNickname,
  createRoomSchema,
  nicknameKey,
} from '../src/index';

describe('nicknames', () => {
  it('tabs and line breaks part words; other control and format characters vanish', () => {
    expect(cleanNickname('Ann\nBee')).toBe('Ann Bee');
    expect(cleanNickname('\tAnn\r\n\u2028Bee\u0085 ')).toBe('Ann Bee');
    expect(cleanNickname('A\u0000n\u0007n\u200b\u202e')).toBe('Ann');
    expect(cleanNickname('  Ann   Bee  ')).toBe('Ann Bee');
  });

  it('blank letters go: a name of them is empty, and one cannot copy a name by adding them', () => {
    expect(cleanNickname('\u3164\u115f\u2800\uffa0')).toBe('');
    expect(cleanNickname('Ana\u2800')).toBe('Ana');
    expect(cleanNickname('A\u034fna\u3164')).toBe('Ana');
    expect(cleanChatText('\u3164 \u2800')).toBe('');
    expect(cleanNickname('A\u17b4n\u17b5a')).toBe('Ana');
  });

  it('variation selectors go from names (they draw nothing there), and accents still compose', () => {
    expect(cleanNickname('Ana\ufe0f')).toBe('Ana');
    expect(cleanNickname('\ufe0f\u{e0100}')).toBe('');
    // An invisible between a letter and its accent: the accent still composes with the letter.
    for (const sneaky of ['Zoe\u034f\u0301', 'Zoe\u200b\u0301', 'Zoe\u0301']) {
      expect(cleanNickname(sneaky)).toBe('Zo\u00e9');
    }
  });

  it('are NFC-normalised, so two spellings of one name are one name', () => {
    expect(cleanNickname('Zoe\u0301')).toBe('Zoé');
  });
});

describe('nicknameKey: names that read alike are one name', () => {
  it('without case, accents, width or compatibility forms', () => {
    for (const alike of ['ana', 'ANA', 'Ána', 'Ａｎａ', 'Ana\u0301'])
      expect(nicknameKey(alike)).toBe('ana');
    expect(nicknameKey('Zoé')).toBe(nicknameKey('Zoe'));
    expect(nicknameKey('ﬁona')).toBe('fiona');
  });

  it('with Cyrillic and Greek letters drawn like Latin ones read as those', () => {
    expect(nicknameKey('Аna')).toBe('ana'); // Cyrillic capital A
    expect(nicknameKey('Аnа')).toBe('ana'); // and small a
    expect(nicknameKey('ВОВ')).toBe('bob');
    expect(nicknameKey('ΚΑΤΙΕ')).toBe('katie'); // Greek capitals
    expect(nicknameKey('јое')).toBe('joe');
    expect(nicknameKey('Ηеllο')).toBe('hello'); // Greek Η, Cyrillic е, Greek ο
  });

  it('is the same in either case, for every script (what the old case-blind check refused)', () => {
    for (const [upper, lower] of [
      ['ВЕРА', 'вера'],
      ['Тимур', 'тимур'],
      ['ΝΊΚΟΣ', 'νίκος'],
      ['ΥΨΗΛΌΣ', 'υψηλός'],
      ['ӀҺԀ', 'ӏһԁ'],
    ])
      expect(nicknameKey(upper!), upper).toBe(nicknameKey(lower!));
  });

  it('keeps what is really different apart', () => {
    expect(nicknameKey('Андрей')).not.toBe(nicknameKey('Андреи')); // й is not и
    expect(nicknameKey('Ann')).not.toBe(nicknameKey('Anne'));
    expect(nicknameKey('Борис')).not.toBe(nicknameKey('Bopnc')); // б, и unlike any Latin letter
    expect(nicknameKey('Саша')).toBe('caшa'); // only С and а change: ш is no Latin letter
    // Marks that are letters' parts in other scripts stay: राम (Ram) is not रम.
    expect(nicknameKey('राम')).not.toBe(nicknameKey('रम'));
    expect(nicknameKey('미나')).not.toBe(nicknameKey('마나'));
  });
});

describe('chat text', () => {
  it('keeps two words two words across a line break', () => {
    expect(cleanChatText('good\nluck')).toBe('good luck');
    expect(cleanChatText(' good\r\n\tluck \u0007all ')).toBe('good luck all');
  });

  it('drops the bidirectional controls but keeps emoji joiners and variation selectors', () => {
    expect(cleanChatText('abc\u202edef\u2066g\u2069')).toBe('abcdefg');
    const family = '👨\u200d👩\u200d👧';
    expect(cleanChatText(`nice ${family} ❤\ufe0f`)).toBe(`nice ${family} ❤\ufe0f`);
  });

  it('what is left blank is refused', () => {
    expect(chatSchema.safeParse({ text: '\n\t\u0007 \u202e' }).success).toBe(false);
    expect(chatSchema.parse({ text: 'gg\nwp' })).toEqual({ text: 'gg wp' });
  });
});

describe('room:create', () => {
  it('bots may be left out: none', () => {
    const parsed = createRoomSchema.parse({ nickname: 'Ann', settings: {}, seatCount: 2 });
    expect(parsed.bots).toEqual([]);
    expect(parsed.spectate).toBe(false);
  });
});
