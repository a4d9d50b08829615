let context: AudioContext | null = null;

/** A few short sine notes, one after another (off by default; see the sound toggle). */
function chime(frequencies: readonly number[]): void {
  try {
    context ??= new AudioContext();
    const now = context.currentTime;
    for (const [i, freq] of frequencies.entries()) {
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
    // No audio here: the tab title, the banner and the countdown still say it.
  }
}

/** A rising two-note chime when it becomes your turn. */
export function playTurnSound(): void {
  chime([660, 880]);
}

/** Two low notes when your own timer is about to run out. */
export function playHurrySound(): void {
  chime([440, 440]);
}
