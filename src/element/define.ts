import type { AcpClientOptions, FsAdapter, PermissionPolicy, TerminalAdapter } from '../core/index.js';
import type { MessageOverrides } from '../i18n/index.js';
import type { AgentPanelProps } from '../panels/index.js';
import type { AgentPanelEventMap } from './events.js';
import { mountAgentPanel, type AgentPanelMount } from './mount.js';
import { protocolAttribute, type ElementTheme, type MountAgentPanelOptions } from './options.js';

/** The element's properties for what an attribute cannot carry. Setting one applies it at once. */
export interface AgentPanelElement extends HTMLElement {
  /** Serves the agent's `fs/*` requests (read, and write when it has `writeTextFile`). */
  fs: FsAdapter | undefined;
  /** Serves the agent's `terminal/*` requests. */
  terminal: TerminalAdapter | undefined;
  permissionPolicy: PermissionPolicy | undefined;
  /** The rest of the client's options (`clientInfo`, `reconnect`, timeouts...). */
  clientOptions: Omit<AcpClientOptions, 'url' | 'stream' | 'fs' | 'terminal' | 'permissionPolicy'> | undefined;
  /** `AgentPanel`'s other props (`compact`, `onOpenLocation`, `additionalDirectories`...). */
  panelProps: Omit<AgentPanelProps, 'cwd'> | undefined;
  messages: MessageOverrides | undefined;
  locale: string | undefined;
  addEventListener<K extends keyof AgentPanelEventMap>(
    type: K,
    listener: (this: AgentPanelElement, event: AgentPanelEventMap[K]) => void,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof AgentPanelEventMap>(
    type: K,
    listener: (this: AgentPanelElement, event: AgentPanelEventMap[K]) => void,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

export type AgentPanelElementConstructor = new () => AgentPanelElement;

const PROPERTIES = ['fs', 'terminal', 'permissionPolicy', 'clientOptions', 'panelProps', 'messages', 'locale'] as const;
type Property = (typeof PROPERTIES)[number];

/**
 * The element's class, made on first use so that importing `acp-react/element` on a server (no
 * `HTMLElement` there) does nothing.
 */
function makeElementClass(): AgentPanelElementConstructor {
  class AcpAgentPanelElement extends HTMLElement {
    static observedAttributes = ['url', 'cwd', 'theme', 'protocol'];
    #mount: AgentPanelMount | null = null;
    #props: Partial<Record<Property, unknown>> = {};
    #pending = false;

    static {
      for (const name of PROPERTIES) {
        Object.defineProperty(this.prototype, name, {
          configurable: true,
          enumerable: true,
          get(this: AcpAgentPanelElement) {
            return this.#props[name];
          },
          set(this: AcpAgentPanelElement, value: unknown) {
            this.#props[name] = value;
            this.#mount?.update(this.#options());
          },
        });
      }
    }

    constructor() {
      super();
      // A property set before the element was defined sits on the instance, hiding the accessor.
      for (const name of PROPERTIES) {
        if (!Object.prototype.hasOwnProperty.call(this, name)) continue;
        const value = (this as Record<string, unknown>)[name];
        delete (this as Record<string, unknown>)[name];
        this.#props[name] = value;
      }
    }

    connectedCallback() {
      // After the current task's attribute and property assignments (a framework sets them right
      // after inserting the element), and not at all if the element was only moved.
      this.#schedule();
    }

    disconnectedCallback() {
      this.#schedule();
    }

    attributeChangedCallback() {
      this.#mount?.update(this.#options());
    }

    #schedule() {
      if (this.#pending) return;
      this.#pending = true;
      queueMicrotask(() => {
        this.#pending = false;
        if (this.isConnected && !this.#mount) this.#mount = mountAgentPanel(this, this.#options() as MountAgentPanelOptions);
        else if (!this.isConnected && this.#mount) {
          // Removed: the connection closes; adding the element again connects anew.
          this.#mount();
          this.#mount = null;
        }
      });
    }

    #options(): Partial<MountAgentPanelOptions> {
      const p = this.#props as Partial<AgentPanelElement>;
      const client = {
        ...p.clientOptions,
        fs: p.fs,
        terminal: p.terminal,
        permissionPolicy: p.permissionPolicy,
        protocol: protocolAttribute(this.getAttribute('protocol')) ?? p.clientOptions?.protocol,
      };
      return {
        url: this.getAttribute('url') ?? '',
        cwd: this.getAttribute('cwd') ?? '',
        theme: (this.getAttribute('theme') ?? undefined) as ElementTheme | undefined,
        client: Object.fromEntries(Object.entries(client).filter(([, v]) => v !== undefined)),
        panel: p.panelProps,
        messages: p.messages,
        locale: p.locale,
      };
    }
  }
  return AcpAgentPanelElement as unknown as AgentPanelElementConstructor;
}

/**
 * Registers the `<acp-agent-panel>` custom element (or under `tagName`). Idempotent: a tag already
 * defined by this function is left as it is; one defined by something else is an error.
 */
export function defineAgentPanelElement(tagName = 'acp-agent-panel'): AgentPanelElementConstructor {
  const existing = customElements.get(tagName);
  if (existing) {
    if (defined.has(existing)) return existing as AgentPanelElementConstructor;
    throw new Error(`<${tagName}> is already defined by another element; pass another tag name to defineAgentPanelElement().`);
  }
  const Element = class extends makeElementClass() {};
  customElements.define(tagName, Element);
  defined.add(Element);
  return Element;
}

const defined = new WeakSet<CustomElementConstructor>();

declare global {
  interface HTMLElementTagNameMap {
    'acp-agent-panel': AgentPanelElement;
  }
}
