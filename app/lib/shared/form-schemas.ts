// The schemas of the forms on pages whose first load carries no Zod (the login and sign-up pages,
// docs/decisions/041-javascript-weight.md and 062-one-schema-per-form.md). Each is the schema the
// form's action validates with, fetched when the person first focuses the form
// (app/components/ui/schema-check.ts). Importing this module loads no Zod: every import here is
// dynamic.

export const signInSchema = () => import("~/lib/identity/auth-schemas").then((module) => module.SignInSchema);

export const passwordResetRequestSchema = () =>
  import("~/lib/identity/password-reset-schema").then((module) => module.PasswordResetRequestSchema);

export const personalDetailsSchema = () =>
  import("~/lib/identity/signup-schemas").then((module) => module.PersonalDetailsSchema);

export const businessDetailsSchema = () =>
  import("~/lib/business/business-schemas").then((module) => module.BusinessDetailsSchema);

export const applicationSchema = () =>
  import("~/lib/consultants/invitation-schemas").then((module) => module.ApplicationSchema);
