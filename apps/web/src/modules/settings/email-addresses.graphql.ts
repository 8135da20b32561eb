import { graphql, type ResultOf } from "../../app/api/graphql.ts";

/** E-mail aliases of personal settings (spec 7, issue 16). */

export const EMAIL_ADDRESSES_QUERY = graphql(`
  query EmailAddresses {
    email_addresses { id email verified_at }
  }
`);

export const CREATE_EMAIL_ADDRESS_MUTATION = graphql(`
  mutation CreateEmailAddress($email: String!) {
    create_email_address(email: $email) { id email verified_at }
  }
`);

export const DELETE_EMAIL_ADDRESS_MUTATION = graphql(`
  mutation DeleteEmailAddress($id: ID!) {
    delete_email_address(id: $id)
  }
`);

export type EmailAlias = ResultOf<typeof EMAIL_ADDRESSES_QUERY>["email_addresses"][number];
