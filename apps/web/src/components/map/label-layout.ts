/** A label to place: where it points on screen (px) and its text. */
export interface LabelCandidate {
  key: string;
  x: number;
  y: number;
  text: string;
}

/** Approximate size of a label's box in px: the text at 12 px plus its padding. */
const CHAR_WIDTH = 6.6;
const LABEL_HEIGHT = 16;
const LABEL_PADDING = 8;

/**
 * The labels that fit without overlapping, in the order given (most important first): each label
 * is kept only when its box, centred above its point, touches no box kept before it and lies
 * inside the screen. Greedy, so a large city never loses its label to a village.
 */
export function placeLabels<T extends LabelCandidate>(candidates: readonly T[], width: number, height: number): T[] {
  const kept: T[] = [];
  const boxes: Array<[number, number, number, number]> = [];
  for (const candidate of candidates) {
    const w = candidate.text.length * CHAR_WIDTH + LABEL_PADDING;
    const box: [number, number, number, number] = [candidate.x - w / 2, candidate.y - LABEL_HEIGHT, candidate.x + w / 2, candidate.y];
    if (box[0] < 0 || box[1] < 0 || box[2] > width || box[3] > height) continue;
    if (boxes.some((other) => box[0] < other[2] && box[2] > other[0] && box[1] < other[3] && box[3] > other[1])) continue;
    boxes.push(box);
    kept.push(candidate);
  }
  return kept;
}
