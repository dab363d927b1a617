import { useRouteLoaderData } from "@remix-run/react";
import type { BusinessMemberRole } from "~db/enums";
import { can, type BusinessAction } from "~/lib/business/permissions";
import { roleCannotText } from "~/lib/business/role-notice";

type AppData = { member?: { role: BusinessMemberRole } | null } | undefined;

/** The signed-in member's role in the business the page shows (the `_app` layout's data), or null outside it. */
export function useMemberRole(): BusinessMemberRole | null {
  return (useRouteLoaderData("routes/_app") as AppData)?.member?.role ?? null;
}

/**
 * Whether the member may take `action` (app/lib/business/permissions.ts): a page hides the
 * controls of what their role may not do (docs/decisions/068). Outside the client app (no role
 * known) everything shows: the server's refusal is the real guard either way.
 */
export function useMemberCan(): (action: BusinessAction) => boolean {
  const role = useMemberRole();
  return (action) => (role ? can(role, action) : true);
}

/** The line that stands where a role's missing permission hid a control or a form. */
export function RoleNotice({ action, role }: { action: BusinessAction; role?: BusinessMemberRole | null }) {
  const memberRole = useMemberRole();
  const shown = role ?? memberRole;
  if (!shown || can(shown, action)) return null;
  return (
    <p className="role-notice" data-testid="role-notice">
      {roleCannotText(shown, action)}
    </p>
  );
}
