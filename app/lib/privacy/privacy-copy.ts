/**
 * The texts of a data export and an account deletion (issue #38 item 5, docs/decisions/069),
 * asserted by the tests. Isomorphic: the screens and the server share them.
 */
import type { DataExportStatus } from "~db/enums";

/** How long an export's link works after it is ready. */
export const EXPORT_LINK_DAYS = 7;

export const EXPORT_TEXTS = {
  heading: "Your data",
  intro:
    "Download everything you gave Partwise and everything you got: one ZIP file with your records as JSON and CSV, and every file.",
  request: "Export your data",
  refresh: "Refresh",
  download: "Download the export",
  requested: "Your export is being built. We will email you a link when it is ready.",
  expired: "This export has expired; ask for a new one.",
  notFound: "This export does not exist.",
  emailSubject: "Your Partwise export is ready",
  emailBody: `Your data export is ready. The link works for ${EXPORT_LINK_DAYS} days.`,
  emailAction: "Download the export",
} as const;

/** What the screen says of an export in each status (the progress is added while it builds). */
export const EXPORT_STATUS_TEXTS: Record<DataExportStatus, string> = {
  queued: "Waiting to start…",
  building: "Building your export",
  ready: "Your export is ready.",
  failed: "The export could not be built. Ask for a new one.",
};

export function exportProgressText(status: DataExportStatus, progress: number): string {
  return status === "building" ? `${EXPORT_STATUS_TEXTS.building}: ${progress}%` : EXPORT_STATUS_TEXTS[status];
}

export const DELETE_TEXTS = {
  businessHeading: "Delete this business",
  businessIntro:
    "Deleting the business cancels its subscription, disconnects QuickBooks, removes its files and erases its people's personal data. What the law requires us to keep (payments, signed statements of work, tax records) is kept without personal data. This cannot be undone.",
  consultantHeading: "Delete your account",
  consultantIntro:
    "Deleting your account removes your profile, your photo and your personal data. What the law requires us to keep (payments, signed statements of work, tax records) is kept without personal data. This cannot be undone.",
  link: "Delete…",
  password: "Your password",
  confirmBusiness: "Delete the business",
  confirmConsultant: "Delete my account",
  cancel: "Keep it",
  wrongPassword: "That password is not correct. Nothing was deleted.",
  engagementUnderway:
    "An engagement is under way (signed and not completed). It can be deleted once every engagement is completed.",
  moneyHeld:
    "Money is held: a prepaid deliverable not yet paid out or refunded, or a payout on hold. It can be deleted once it is settled.",
  consultantEngagementUnderway:
    "You have an engagement under way (signed and not completed). Your account can be deleted once it is completed.",
  consultantPayoutHeld: "A payout to you is on hold or on its way. Your account can be deleted once it is settled.",
  ownerOnly: "Only the owner can export or delete the business.",
  deleted: "The business was deleted.",
  accountDeleted: "Your account was deleted.",
} as const;

/**
 * Where a deletion signs the person out to: the login page, saying what was deleted. Only the
 * kind is in the URL (`/login?deleted=business|account`), so a crafted link cannot put other text
 * on the page.
 */
export const DELETED_SIGN_IN_TEXTS = {
  business: DELETE_TEXTS.deleted,
  account: DELETE_TEXTS.accountDeleted,
} as const;

export const deletedLoginPath = (what: keyof typeof DELETED_SIGN_IN_TEXTS) => `/login?deleted=${what}`;

export function deletedSignInText(what: string | null): string | null {
  return what !== null && Object.hasOwn(DELETED_SIGN_IN_TEXTS, what)
    ? DELETED_SIGN_IN_TEXTS[what as keyof typeof DELETED_SIGN_IN_TEXTS]
    : null;
}

/** Where the export and the deletion are asked for. */
export const PRIVACY_PATHS = {
  businessExport: "/company-profile/export",
  businessDelete: "/company-profile/delete",
  consultantExport: "/consultant/settings/export",
  consultantDelete: "/consultant/settings/delete",
  download: (exportId: string) => `/exports/${exportId}`,
} as const;

/** Whose data a screen exports or deletes: the owner's business, or a consultant's own account. */
export type PrivacyOwnerKind = "business" | "consultant";

/**
 * What differs between the business's and a consultant's "Your data" and deletion screens; the
 * rest (the section, the confirmation form, the routes' answers) is one piece of code for both.
 */
export type PrivacyScreens = {
  deleteHeading: string;
  deleteIntro: string;
  confirmLabel: string;
  exportPath: string;
  deletePath: string;
  /** Settings' "Your data": where the export answers, the progress refreshes and "Keep it" goes. */
  sectionHref: string;
  /** Where the deletion signs the person out to: the login page, saying what was deleted. */
  deletedPath: string;
  /** The frame of the deletion page (the business app's page, or the consultant portal's). */
  pageClass: string;
};

export const PRIVACY_SCREENS: Record<PrivacyOwnerKind, PrivacyScreens> = {
  business: {
    deleteHeading: DELETE_TEXTS.businessHeading,
    deleteIntro: DELETE_TEXTS.businessIntro,
    confirmLabel: DELETE_TEXTS.confirmBusiness,
    exportPath: PRIVACY_PATHS.businessExport,
    deletePath: PRIVACY_PATHS.businessDelete,
    sectionHref: "/company-profile?tab=account#your-data",
    deletedPath: deletedLoginPath("business"),
    pageClass: "page",
  },
  consultant: {
    deleteHeading: DELETE_TEXTS.consultantHeading,
    deleteIntro: DELETE_TEXTS.consultantIntro,
    confirmLabel: DELETE_TEXTS.confirmConsultant,
    exportPath: PRIVACY_PATHS.consultantExport,
    deletePath: PRIVACY_PATHS.consultantDelete,
    sectionHref: "/consultant/settings#your-data",
    deletedPath: deletedLoginPath("account"),
    pageClass: "console-page",
  },
};

/** What a deletion page's loader gives, and what its refused post answers. */
export type DeletionPageData = { blocker: string | null };
export type DeletionRefusal = { error: string };
