// Partwise's contact details: apart from support-schemas.ts so pages can show them without
// loading Zod (docs/decisions/041-javascript-weight.md).

/** Partwise's own contact details: the support page shows these, and emails may quote them. */
export const PARTWISE_CONTACT = {
  phone: "(207) 555-0100",
  phoneHref: "tel:+12075550100",
  email: "support@partwise.com",
  street: "100 Commercial Street, Suite 400",
  city: "Portland",
  state: "ME",
  postalCode: "04101",
  country: "United States",
} as const;
