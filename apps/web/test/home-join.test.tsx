/** The home page's "join a room" form: codes, room links and seat links, typed or pasted. */
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Home } from '../src/screens/Home';
import { m } from '../src/games/trepenta/messages';

const codeField = () => screen.getByRole<HTMLInputElement>('textbox', { name: m.home.code });
const joinButton = () => screen.getByRole('button', { name: m.home.join });

afterEach(() => history.replaceState(null, '', '/'));

describe('joining from the home page', () => {
  it('a whole seat link fits the field and takes its seat: to the room page, token and all', () => {
    render(<Home />);
    const token = 'Z'.repeat(40) + 'a_-';
    const link = `https://trepenta.example/r/kxt7qm#t=${token}`;
    expect(codeField().maxLength).toBeGreaterThanOrEqual(link.length);
    fireEvent.change(codeField(), { target: { value: link } });
    fireEvent.click(joinButton());
    expect(location.pathname).toBe('/r/KXT7QM');
    expect(location.hash).toBe(`#t=${token}`);
  });

  it('what is no code gets a sentence, not the server’s pattern', () => {
    render(<Home />);
    fireEvent.change(screen.getByLabelText(m.home.nickname), { target: { value: 'Bea' } });
    fireEvent.change(codeField(), { target: { value: 'abc12' } });
    fireEvent.click(joinButton());
    expect(screen.getByText(m.home.badCode)).toBeTruthy();
    expect(location.pathname).toBe('/');
  });

  it('a bad code is said under the code field, which names it, and not under the name', () => {
    render(<Home />);
    fireEvent.change(screen.getByLabelText(m.home.nickname), { target: { value: 'Bea' } });
    fireEvent.change(codeField(), { target: { value: 'abc12' } });
    fireEvent.click(joinButton());
    const error = screen.getByText(m.home.badCode);
    expect(error.closest('form')).toBe(codeField().closest('form'));
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
    expect(codeField().getAttribute('aria-describedby')).toBe(error.id);
    expect(error.closest('.name-panel')).toBeNull();
    // Typing again clears it.
    fireEvent.change(codeField(), { target: { value: 'abc123' } });
    expect(screen.queryByText(m.home.badCode)).toBeNull();
    expect(codeField().getAttribute('aria-invalid')).toBe('false');
  });

  it('the name field says its limit, and says so plainly when a name reaches it', () => {
    render(<Home />);
    const name = screen.getByLabelText<HTMLInputElement>(m.home.nickname);
    const hint = () => document.getElementById(name.getAttribute('aria-describedby') ?? '');
    expect(hint()?.textContent).toBe('Up to 24 characters.');
    fireEvent.change(name, { target: { value: 'Bea' } });
    expect(hint()?.textContent).toBe('3 of 24 characters.');
    expect(hint()?.getAttribute('aria-live')).toBe('off');
    fireEvent.change(name, { target: { value: 'Maximiliana Bartholomew!' } });
    expect(name.value).toHaveLength(24);
    expect(hint()?.textContent).toBe('24 of 24 characters: that is the most a name can have.');
    expect(hint()?.getAttribute('aria-live')).toBe('polite');
    expect(name.maxLength).toBe(24);
  });
});
