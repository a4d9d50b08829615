import { describe, expect, it } from 'vitest';
import { roomCodeIn } from '../src/router';

describe('roomCodeIn: the code typed or pasted on the home page', () => {
  it('takes a code in any case, with spaces or dashes, or a room link, or a seat link with its token', () => {
    const code = (text: string) => roomCodeIn(text)?.code;
    expect(code('kxt7qm')).toBe('KXT7QM');
    expect(code(' KXT-7QM ')).toBe('KXT7QM');
    expect(roomCodeIn('https://trepenta.example/r/KXT7QM')).toEqual({
      code: 'KXT7QM',
      token: null,
    });
    // A seat link keeps its token (43 characters), so that pasting it takes the seat.
    const token = 'A'.repeat(40) + 'b_-';
    expect(roomCodeIn(`http://192.168.1.5:3000/r/kxt7qm#t=${token}`)).toEqual({
      code: 'KXT7QM',
      token,
    });
    expect(roomCodeIn('http://192.168.1.5:3000/r/kxt7qm#t=short')).toEqual({
      code: 'KXT7QM',
      token: null,
    });
  });

  it('refuses what is no code: too short, letters no code uses, a link to no room', () => {
    expect(roomCodeIn('abc12')).toBeNull();
    expect(roomCodeIn('KXT7QO')).toBeNull(); // no O in codes
    expect(roomCodeIn('KXT7QMM')).toBeNull();
    expect(roomCodeIn('https://trepenta.example/rules')).toBeNull();
  });
});
