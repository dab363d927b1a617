/**
 * What a member hears when their role does not allow the action (403, and nothing is written).
 * Its own module, importing nothing, because the root error page reads it on every page.
 */
export const ROLE_FORBIDDEN_MESSAGE = "Your role in this business does not allow this.";
