let context: AudioContext | null = null;

/** Short sine notes, one every `gap` seconds (off by default; see the sound toggle). */
function chime(frequencies: readonly number[], gap = 0.12): void {
  try {
    context ??= new AudioContext();
    const now = context.currentTime;
    for (const [i, freq] of frequencies.entries()) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = 'sine';
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + i * gap);
      gain.gain.exponentialRampToValueAtTime(0.15, now + i * gap + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * gap + 0.25);
      osc.connect(gain).connect(context.destination);
      osc.start(now + i * gap);
      osc.stop(now + i * gap + 0.3);
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
  // Two distinct knocks: notes of one pitch closer than they last would blur into one.
  chime([440, 440], 0.3);
}
