import { graphql } from "../../app/api/graphql.ts";

/** How this installation offers support (docs/support.md): a chat widget, or the support form. */
export const SUPPORT_CONFIG_QUERY = graphql(`
  query SupportConfig {
    support_config {
      email
      chat {
        script_url
        init
        app_id
      }
    }
  }
`);

export const SEND_SUPPORT_MESSAGE = graphql(`
  mutation SendSupportMessage($input: SupportMessageInput!) {
    send_support_message(input: $input)
  }
`);
