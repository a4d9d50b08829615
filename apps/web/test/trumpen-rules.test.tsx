import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { trumpen21, trumpenTricks } from '@trepenta/trumpen';
import { RulesHelp as TwentyOneRules } from '../src/games/trumpen-21/RulesHelp';
import { RulesHelp as TricksRules, RulesPage } from '../src/games/trumpen-tricks/RulesHelp';
import { TimersForm } from '../src/games/trumpen/TimersForm';

const twentyOne = trumpen21.defaultSettings;
const tricks = trumpenTricks.defaultSettings;

describe('TrumPen 21 and Trick Taking: one timers form, one rules card', () => {
  it('the rules at a table start with the room’s timers, then the game’s rules', () => {
    render(<TwentyOneRules settings={{ ...twentyOne, turnSeconds: 30 }} level={3} />);
    expect(screen.getByRole('region', { name: 'This room’s rules' }).textContent).toContain(
      `Writing timer ${twentyOne.writingSeconds} s; turn timer 30 s; break ${twentyOne.betweenSeconds} s.`,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'TrumPen 21' })).toBeTruthy();
  });

  it('the rules page has no room card and names the game', () => {
    render(<RulesPage anchor={null} />);
    expect(screen.queryByRole('region', { name: 'This room’s rules' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'TrumPen Trick Taking: the rules',
    );
    render(<TricksRules settings={tricks} />);
    expect(screen.getByRole('region', { name: 'This room’s rules' }).textContent).toContain(
      'turn timer off',
    );
  });

  it('the form changes a timer, keeps the others and holds a number within its range', () => {
    const onChange = vi.fn();
    render(<TimersForm value={tricks} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Turn timer'), { target: { value: '60' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...tricks, turnSeconds: 60 });
    fireEvent.change(screen.getByLabelText('Writing timer (seconds)'), {
      target: { value: '999' },
    });
    expect(onChange).toHaveBeenLastCalledWith({ ...tricks, writingSeconds: 300 });
    fireEvent.change(screen.getByLabelText('Turn timer'), { target: { value: 'off' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...tricks, turnSeconds: null });
  });
});
