import type { Card, Face } from './cards';

export function replaceAt<T>(items: readonly T[], index: number, item: T): T[] {
  const copy = items.slice();
  copy[index] = item;
  return copy;
}

export function indexOfId(cards: readonly Card[], id: string): number {
  for (let i = 0; i < cards.length; i++) if (cards[i]!.id === id) return i;
  return -1;
}

export function removeAt<T>(items: readonly T[], index: number): T[] {
  const copy = items.slice();
  copy.splice(index, 1);
  return copy;
}

/** Removes one copy of a face from a multiset, if present (§7: whichever physical card it was). */
export function removeFace(faces: readonly Face[], face: Face): readonly Face[] {
  for (let i = 0; i < faces.length; i++) {
    const f = faces[i]!;
    if (f.rank === face.rank && f.suit === face.suit) return removeAt(faces, i);
  }
  return faces;
}
