/** Breaks a script into short lines (sentence ends, then commas, then at most ~42 characters). */
export function subtitleLines(script: string, maxChars = 42): string[] {
  const sentences = script
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?。！？])\s*/u)
    .map((s) => s.trim())
    .filter(Boolean);
  const lines: string[] = [];
  for (const sentence of sentences) {
    let rest = sentence;
    while (rest.length > maxChars) {
      const window = rest.slice(0, maxChars + 1);
      const cut = Math.max(window.lastIndexOf(', '), window.lastIndexOf('、'), window.lastIndexOf(' '));
      const at = cut > maxChars / 3 ? cut + 1 : maxChars;
      lines.push(rest.slice(0, at).trim());
      rest = rest.slice(at).trim();
    }
    if (rest) lines.push(rest);
  }
  return lines;
}

const stamp = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`;
};

/** SubRip cues spread over the speech in proportion to each line's length. */
export function toSrt(script: string, durationSeconds: number): string {
  const lines = subtitleLines(script);
  const total = lines.reduce((sum, line) => sum + line.length, 0) || 1;
  let at = 0;
  return lines
    .map((line, index) => {
      const end = at + (line.length / total) * durationSeconds;
      const cue = `${index + 1}\n${stamp(at)} --> ${stamp(end)}\n${line}\n`;
      at = end;
      return cue;
    })
    .join('\n');
}
