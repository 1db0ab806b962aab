/** LIKE patterns for text people type: '%', '_' and '\' in it are matched as themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Text starting with `text`. */
export function likePrefix(text: string): string {
  return `${escapeLike(text)}%`;
}

/** Text containing `text` anywhere. */
export function likePattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
