/**
 * User-visible strings and the locale, overridable per provider.
 *
 * Each component family owns its English defaults (in its own `messages.ts`) under a namespace,
 * so adding a component never touches a shared catalogue. A host overrides any subset:
 * `<AcpUiProvider messages={{ toolCall: { status_failed: 'Échec' } }} locale="fr">`, or the same
 * props on `<AcpProvider>`, which wraps its children in this provider.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';

/**
 * Every namespace's strings, by name. Empty here: each component family adds its namespace with
 * the type of its defaults (`declare module` in its `messages.ts`), so this layer knows every key
 * without importing the components.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface MessageCatalog {}

/** A host's strings: any namespace, any of its keys. A misspelt namespace or key fails to compile. */
export type MessageOverrides = { [Namespace in keyof MessageCatalog]?: Partial<MessageCatalog[Namespace]> };

type LooseOverrides = Partial<Record<string, Partial<Record<string, string>>>>;

interface UiContextValue {
  messages: LooseOverrides;
  locale: string | undefined;
}

const UiContext = /* @__PURE__ */ createContext<UiContextValue>({ messages: {}, locale: undefined });

export interface AcpUiProviderProps {
  messages?: MessageOverrides;
  /** BCP 47 locale for numbers, dates and currency (defaults to the browser's). */
  locale?: string;
  children?: ReactNode;
}

export function AcpUiProvider({ messages, locale, children }: AcpUiProviderProps) {
  const parent = useContext(UiContext);
  const value = useMemo<UiContextValue>(
    () => ({
      messages: mergeOverrides(parent.messages, messages),
      locale: locale ?? parent.locale,
    }),
    [parent, messages, locale],
  );
  return <UiContext.Provider value={value}>{children}</UiContext.Provider>;
}

function mergeOverrides(base: LooseOverrides, extra: MessageOverrides | undefined): LooseOverrides {
  if (!extra) return base;
  const out: LooseOverrides = { ...base };
  for (const [ns, strings] of Object.entries(extra as LooseOverrides)) out[ns] = { ...base[ns], ...strings };
  return out;
}

/** The strings of one namespace: the family's defaults with the host's overrides on top. */
export function useMessages<N extends keyof MessageCatalog>(namespace: N, defaults: MessageCatalog[N]): MessageCatalog[N] {
  const { messages } = useContext(UiContext);
  const overrides = messages[namespace];
  return useMemo(() => withOverrides(defaults, overrides), [defaults, overrides]);
}

/**
 * Strings with overrides on top. Generic over the strings' type rather than spreading
 * `MessageCatalog[N]` inline: that type is an object only once the component families have added
 * their namespaces, and this layer must compile without them (`tsconfig.strict.json` checks it alone).
 */
function withOverrides<T extends object>(defaults: T, overrides: object | undefined): T {
  return overrides ? { ...defaults, ...overrides } : defaults;
}

export function useLocale(): string | undefined {
  return useContext(UiContext).locale;
}

/** Fills `{name}` placeholders: `format('Thought for {seconds}s', { seconds: 3 })`. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
