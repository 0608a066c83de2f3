/**
 * The short notification tone of SPEC §4, synthesised with WebAudio (no audio file to download).
 * Browsers only let audio start after a user gesture, so the context is created on one.
 */

let context: AudioContext | undefined;

/** Creates or resumes the audio context; call from a click or key press. */
export function unlockTone(): void {
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
  } catch {
    // No WebAudio (or blocked): the tone is a courtesy, the badge and live region still tell.
  }
}

/** Two soft notes, about a quarter of a second in all. */
export function playTone(): void {
  try {
    context ??= new AudioContext();
    const start = context.currentTime;
    for (const [offset, frequency] of [[0, 880], [0.12, 1175]] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.12, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.12);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.13);
    }
  } catch {
    // See unlockTone.
  }
}
