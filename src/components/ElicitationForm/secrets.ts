/**
 * Heuristic for form fields that look like a request for a secret.
 *
 * Agents MUST NOT use form mode for passwords, API keys or credentials (guide §5.2, §9.4), but a
 * malicious or confused agent could still ask; the form then warns the user before they type.
 */
// `token` only in the singular, so "max tokens" (a model setting) does not trip it while `token`,
// `authToken` and "access token" do.
const SECRET_WORDS =
  /pass(?:word|wd|phrase|code)|secret|api[\s_-]?key|access[\s_-]?key|private[\s_-]?key|\btoken\b|credential|\bpin\b|\bcvv\b|\bcvc\b|card[\s_-]?number|\bssn\b|seed[\s_-]?phrase|mnemonic|\botp\b/i;

/** Splits camelCase and snake_case so `apiKey`, `api_key` and `API key` all read as "api key". */
function words(text: string): string {
  return text.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_.]+/g, ' ');
}

export function looksLikeSecret(...texts: Array<string | null | undefined>): boolean {
  return texts.some((t) => typeof t === 'string' && SECRET_WORDS.test(words(t)));
}
