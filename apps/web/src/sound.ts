let context: AudioContext | null = null;

/** A short two-note chime when it becomes your turn (off by default; see the sound toggle). */
export function playTurnSound(): void {
  try {
    context ??= new AudioContext();
    const now = context.currentTime;
    for (const [i, freq] of [660, 880].entries()) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = 'sine';
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.15, now + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.12 + 0.25);
      osc.connect(gain).connect(context.destination);
      osc.start(now + i * 0.12);
      osc.stop(now + i * 0.12 + 0.3);
    }
  } catch {
    // No audio here: the tab title and the banner still say it is your turn.
  }
}
