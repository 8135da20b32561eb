/**
 * The chat-support widget (spec 1: started with the user's name, e-mail and creation date; docs/support.md). A
 * provider is configured on the server as a script URL and the global function that script defines; the adapter
 * loads the script once and calls that function with the provider's app id and the user. Providers whose own API
 * differs are wrapped by a one-line script of the operator's that defines the function.
 */

export type ChatUser = { name: string; email: string; created_at: string };
export type ChatProvider = { script_url: string; init: string; app_id: string | null };

export type ChatSettings = {
  app_id: string | null;
  name: string;
  email: string;
  /** ISO 8601; providers that want seconds get them too. */
  created_at: string;
  created_at_unix: number;
  language: string;
};

export type SupportChatAdapter = { start: (user: ChatUser, language: string) => Promise<void> };

let loading: Promise<void> | null = null;

const loadScript = (url: string): Promise<void> => {
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      reject(new Error("The chat-support script did not load."));
    };
    document.head.appendChild(script);
  });
  return loading;
};

export const chatSettings = (provider: ChatProvider, user: ChatUser, language: string): ChatSettings => ({
  app_id: provider.app_id,
  name: user.name,
  email: user.email,
  created_at: user.created_at,
  created_at_unix: Math.floor(new Date(user.created_at).getTime() / 1000),
  language,
});

/** The adapter for a configured provider. */
export const scriptChatAdapter = (provider: ChatProvider): SupportChatAdapter => ({
  start: async (user, language) => {
    await loadScript(provider.script_url);
    const init = (window as unknown as Record<string, unknown>)[provider.init];
    if (typeof init !== "function") throw new Error(`The chat-support script defines no ${provider.init}().`);
    init(chatSettings(provider, user, language));
  },
});
