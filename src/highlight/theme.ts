/**
 * The one shiki theme: CSS variables that fall back to our `--acp-code-*` tokens.
 *
 * A token coloured `var(--acp-code-token-keyword, var(--acp-code-keyword))` follows the theme of
 * whatever ancestor it sits under, so a highlight computed once is right in light and dark, and
 * switching theme costs no re-highlighting. Hosts may override single token kinds through the
 * `--acp-code-token-*` names, or all of them through the shared tokens.
 */
import type { ThemeRegistration } from 'shiki/core';

export const THEME_NAME = 'acp-css-variables';

type CreateCssVariablesTheme = (options: {
  name?: string;
  variablePrefix?: string;
  variableDefaults?: Record<string, string>;
  fontStyle?: boolean;
}) => ThemeRegistration;

export function createAcpTheme(createCssVariablesTheme: CreateCssVariablesTheme): ThemeRegistration {
  const theme = createCssVariablesTheme({
    name: THEME_NAME,
    variablePrefix: '--acp-code-',
    variableDefaults: {
      foreground: 'var(--acp-code-fg)',
      background: 'var(--acp-code-bg)',
      // The light `--acp-code-comment` is 4.3:1 on `--acp-code-bg`, just under WCAG AA; a
      // little of the foreground mixed in lifts it to 5:1 in light and raises it in dark too.
      'token-comment': 'color-mix(in srgb, var(--acp-code-comment) 85%, var(--acp-code-fg))',
      'token-keyword': 'var(--acp-code-keyword)',
      'token-string': 'var(--acp-code-string)',
      'token-string-expression': 'var(--acp-code-string)',
      'token-constant': 'var(--acp-code-constant)',
      'token-function': 'var(--acp-code-function)',
      'token-parameter': 'var(--acp-code-parameter)',
      'token-punctuation': 'var(--acp-code-punctuation)',
      'token-link': 'var(--acp-code-link)',
      'token-inserted': 'var(--acp-diff-add-fg)',
      'token-deleted': 'var(--acp-diff-del-fg)',
      'token-changed': 'var(--acp-code-keyword)',
    },
    fontStyle: true,
  });
  // The stock theme paints numbers like other constants; our tokens give them their own colour.
  // Appended last so it wins over the broader `constant` rule for the same scope.
  theme.tokenColors = [
    ...(theme.tokenColors ?? []),
    {
      scope: ['constant.numeric'],
      settings: { foreground: 'var(--acp-code-token-number, var(--acp-code-number))' },
    },
  ];
  return theme;
}
