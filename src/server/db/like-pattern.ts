/** A LIKE/ILIKE pattern that finds `text` anywhere, with LIKE's own characters (\ % _) taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
