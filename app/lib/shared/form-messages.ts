/** What a page shows when its form arrives unreadable (not a form, empty, or a broken multipart). */
export const FORM_UNREADABLE_MESSAGE = "We couldn't read that form. Please reload the page and try again.";
