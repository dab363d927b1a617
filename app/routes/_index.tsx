// `/` is the login screen, as `/login` (spec §2): the same page module.
export { action, default, headers, loader, meta } from "~/routes/login";
