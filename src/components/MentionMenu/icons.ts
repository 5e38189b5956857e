/** The glyph before a mention: the host's own `icon`, else one for its kind. */
const KIND_GLYPHS: Record<string, string> = { file: '▤', cell: '▦', symbol: 'ƒ', folder: '▸', url: '↗' };

export function mentionGlyph(kind: string | undefined, icon?: string): string {
  return icon || (kind && KIND_GLYPHS[kind]) || '@';
}
