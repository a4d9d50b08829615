import { describe, expect, it } from 'vitest';
import { roomCodeIn } from '../src/router';

describe('roomCodeIn: the code typed or pasted on the home page', () => {
  it('takes a code in any case, with spaces or dashes, or a room link or seat link', () => {
    expect(roomCodeIn('kxt7qm')).toBe('KXT7QM');
    expect(roomCodeIn(' KXT-7QM ')).toBe('KXT7QM');
    expect(roomCodeIn('https://trepenta.example/r/KXT7QM')).toBe('KXT7QM');
    expect(roomCodeIn('http://192.168.1.5:3000/r/kxt7qm#t=abc')).toBe('KXT7QM');
  });

  it('refuses what is no code: too short, letters no code uses, a link to no room', () => {
    expect(roomCodeIn('abc12')).toBeNull();
    expect(roomCodeIn('KXT7QO')).toBeNull(); // no O in codes
    expect(roomCodeIn('KXT7QMM')).toBeNull();
    expect(roomCodeIn('https://trepenta.example/rules')).toBeNull();
  });
});
